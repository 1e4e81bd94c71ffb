// An image in the rich-text editor, in one of the three sizes of the spec
// (small 80 px, medium 300 px, large the original size within the text's
// width; app/lib/html.server.ts keeps them; decision 0025). Read from and written to HTML as
// <img src alt class="img-small|img-medium|img-large">.
import { DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from "lexical";
import type { JSX } from "react";

export type ImageSize = "small" | "medium" | "large";
const WIDTH: Record<ImageSize, string | undefined> = { small: "80px", medium: "300px", large: undefined };

export type SerializedImageNode = Spread<{ src: string; alt: string; size: ImageSize }, SerializedLexicalNode>;

function sizeOf(img: HTMLImageElement): ImageSize {
  const width = img.getAttribute("width");
  if (img.classList.contains("img-small") || width === "60" || width === "80") return "small";
  if (img.classList.contains("img-medium") || width === "300") return "medium";
  return "large";
}

export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;
  __size: ImageSize;

  static override getType() {
    return "image";
  }

  static override clone(node: ImageNode) {
    return new ImageNode(node.__src, node.__alt, node.__size, node.__key);
  }

  constructor(src: string, alt = "", size: ImageSize = "medium", key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
    this.__size = size;
  }

  static override importJSON(json: SerializedImageNode) {
    return new ImageNode(json.src, json.alt, json.size);
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, src: this.__src, alt: this.__alt, size: this.__size };
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (el: HTMLElement) => {
          const img = el as HTMLImageElement;
          return { node: new ImageNode(img.getAttribute("src") ?? "", img.getAttribute("alt") ?? "", sizeOf(img)) };
        },
        priority: 1,
      }),
    };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement("img");
    img.setAttribute("src", this.__src);
    img.setAttribute("alt", this.__alt);
    img.className = `img-${this.__size}`;
    return { element: img };
  }

  override createDOM() {
    const span = document.createElement("span");
    span.className = "rte__image";
    return span;
  }

  override updateDOM() {
    return false;
  }

  override isInline() {
    return true;
  }

  override decorate() {
    return <img src={this.__src} alt={this.__alt} style={{ width: WIDTH[this.__size], maxWidth: "100%", height: "auto" }} />;
  }
}

export function $createImageNode(src: string, alt = "", size: ImageSize = "medium") {
  return new ImageNode(src, alt, size);
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
