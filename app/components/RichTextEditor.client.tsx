// The lexical side of RichTextEditor (see RichTextEditor.tsx). Loaded only
// in the browser.
// It reads and writes every element the server's sanitizer keeps
// (app/lib/html.server.ts): paragraphs (with their margin), headings h1-h4,
// quotes, lists, links, images, horizontal rules, tables and the text
// formats (b/strong, i/em, u, s/strike/del, sub, sup); a div is read as a
// paragraph. Links: insert, edit and remove from the toolbar (http, https
// and mailto only: app/lib/link-url.ts, the sanitizer's rule).
import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createLinkNode, $isLinkNode, $toggleLink, LinkNode } from "@lexical/link";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, REMOVE_LIST_COMMAND } from "@lexical/list";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { HorizontalRuleNode } from "@lexical/react/LexicalHorizontalRuleNode";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import { $getNearestNodeOfType, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $createTextNode,
  $insertNodes,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  ParagraphNode,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type DOMConversionMap,
  type DOMExportOutputMap,
  type LexicalEditor,
  type TextFormatType,
} from "lexical";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { isAllowedLinkUrl, LINK_URL_MESSAGE } from "~/lib/link-url";
import { $createImageNode, ImageNode, type ImageSize } from "./rich-text-image";
import type { RichTextEditorProps } from "./RichTextEditor";

const THEME = {
  paragraph: "rte__p",
  list: { ul: "rte__ul", ol: "rte__ol", listitem: "rte__li", nested: { listitem: "rte__nested" } },
  link: "rte__link",
  text: { bold: "rte__bold", italic: "rte__italic", underline: "rte__underline", strikethrough: "rte__strike", underlineStrikethrough: "rte__underline-strike" },
};

/** A paragraph's margin (the one block style the sanitizer keeps that lexical does not). */
const MARGIN = /^(\d{1,3}(px|em)?\s*){1,4}$/;

/** Import addition: paragraphs keep their margin. */
const IMPORT: DOMConversionMap = {
  p: (element) => {
    const base = ParagraphNode.importDOM?.()?.p?.(element);
    if (!base) return null;
    return {
      priority: 1,
      conversion: (el) => {
        const out = base.conversion(el);
        const margin = el.style.margin.trim();
        if (out && !Array.isArray(out.node) && $isElementNode(out.node) && MARGIN.test(margin)) out.node.setStyle(`margin:${margin}`);
        return out;
      },
    };
  },
};

/**
 * Export changes: a paragraph writes its kept margin; a link writes the
 * address it was given (lexical's own export shows an address it cannot
 * parse, such as a merge field, as about:blank). The server sanitizes
 * whatever is sent.
 */
const EXPORT: DOMExportOutputMap = new Map();
EXPORT.set(ParagraphNode, (editor, node) => {
  const out = (node as ParagraphNode).exportDOM(editor);
  const style = (node as ParagraphNode).getStyle();
  if (style && out.element instanceof HTMLElement) out.element.style.cssText = `${style};${out.element.style.cssText}`;
  return out;
});
EXPORT.set(LinkNode, (_editor, node) => {
  const link = node as LinkNode;
  const a = document.createElement("a");
  if (link.getURL()) a.setAttribute("href", link.getURL());
  for (const [name, value] of [["title", link.getTitle()], ["target", link.getTarget()], ["rel", link.getRel()]] as const) {
    if (value) a.setAttribute(name, value);
  }
  return { element: a };
});

function loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html || "<p></p>", "text/html");
  // <strike> and <del> are strikethrough as <s> is (lexical reads only <s>, and drops the spaces around the others).
  for (const old of Array.from(dom.body.querySelectorAll("strike, del"))) {
    const s = dom.createElement("s");
    s.append(...Array.from(old.childNodes));
    old.replaceWith(s);
  }
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  // Inline nodes (text, links, images) at the top level go into a paragraph.
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes) {
    const block = ($isElementNode(node) && !node.isInline()) || ($isDecoratorNode(node) && !node.isInline());
    if (block) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

type Format = Extract<TextFormatType, "bold" | "italic" | "underline" | "strikethrough">;
const FORMATS: Array<{ format: Format; label: string; glyph: string }> = [
  { format: "bold", label: "Bold", glyph: "B" },
  { format: "italic", label: "Italic", glyph: "I" },
  { format: "underline", label: "Underline", glyph: "U" },
  { format: "strikethrough", label: "Strikethrough", glyph: "S" },
];

type ToolbarProps = Pick<RichTextEditorProps, "images" | "mergeFields" | "manageImagesHref" | "helpHref" | "id"> & { extra?: React.ReactNode };

/** Runs `fn` with a range selection: the editor's, or the end of the text when it has none. */
function $atSelection(fn: (sel: ReturnType<typeof $getSelection> & object) => void) {
  let sel = $getSelection();
  if (!$isRangeSelection(sel)) {
    $getRoot().selectEnd();
    sel = $getSelection();
  }
  if (sel) fn(sel);
}

function Toolbar({ extra, images, mergeFields, manageImagesHref, helpHref, id }: ToolbarProps) {
  const [editor] = useLexicalComposerContext();
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);

  const refresh = useCallback(() => {
    const sel = $getSelection();
    if (!$isRangeSelection(sel)) return;
    const anchor = sel.anchor.getNode();
    const list = $getNearestNodeOfType(anchor, ListNode);
    setActive({
      bold: sel.hasFormat("bold"),
      italic: sel.hasFormat("italic"),
      underline: sel.hasFormat("underline"),
      strikethrough: sel.hasFormat("strikethrough"),
      bullet: $isListNode(list) && list.getListType() === "bullet",
      number: $isListNode(list) && list.getListType() === "number",
      link: $isLinkNode($getNearestNodeOfType(anchor, LinkNode)),
    });
  }, []);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(refresh)),
        editor.registerCommand(SELECTION_CHANGE_COMMAND, () => (refresh(), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_UNDO_COMMAND, (v) => (setCanUndo(v), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (v) => (setCanRedo(v), false), COMMAND_PRIORITY_LOW),
      ),
    [editor, refresh],
  );

  const list = (kind: "bullet" | "number") => {
    if (active[kind]) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(kind === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  return (
    <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
      {FORMATS.map((f) => (
        <button
          key={f.format}
          type="button"
          className={`rte__btn rte__btn--${f.format}`}
          aria-pressed={Boolean(active[f.format])}
          title={f.label}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f.format)}
        >
          <span aria-hidden="true">{f.glyph}</span>
          <span className="visually-hidden">{f.label}</span>
        </button>
      ))}
      <button type="button" className="rte__btn" aria-pressed={Boolean(active.bullet)} title="Bulleted list" onMouseDown={(e) => e.preventDefault()} onClick={() => list("bullet")}>
        <span aria-hidden="true">• ≡</span>
        <span className="visually-hidden">Bulleted list</span>
      </button>
      <button type="button" className="rte__btn" aria-pressed={Boolean(active.number)} title="Numbered list" onMouseDown={(e) => e.preventDefault()} onClick={() => list("number")}>
        <span aria-hidden="true">1. ≡</span>
        <span className="visually-hidden">Numbered list</span>
      </button>
      <LinkButton editorId={id} inLink={Boolean(active.link)} />
      <button type="button" className="rte__btn" title="Undo" disabled={!canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
        <span aria-hidden="true">↶</span>
        <span className="visually-hidden">Undo</span>
      </button>
      <button type="button" className="rte__btn" title="Redo" disabled={!canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
        <span aria-hidden="true">↷</span>
        <span className="visually-hidden">Redo</span>
      </button>
      {manageImagesHref ? (
        <a className="rte__btn rte__btn--link" href={manageImagesHref} title="Manage images">
          Manage images
        </a>
      ) : null}
      {images ? <InsertImage editorId={id} images={images} /> : null}
      {mergeFields?.length ? (
        <select
          className="rte__select"
          aria-label="Insert merge field"
          value=""
          onChange={(e) => {
            const placeholder = e.target.value;
            if (!placeholder) return;
            editor.update(() => $atSelection((sel) => sel.insertText(placeholder)));
            editor.focus();
          }}
        >
          <option value="">Insert merge field…</option>
          {mergeFields.map((f) => (
            <option key={f.placeholder} value={f.placeholder}>
              {f.label} {f.placeholder}
            </option>
          ))}
        </select>
      ) : null}
      {helpHref ? (
        <a className="rte__btn rte__btn--link" href={helpHref} title="Help">
          Help
        </a>
      ) : null}
      {extra}
    </div>
  );
}

/** The link under the selection, if any. */
function $selectedLink(): LinkNode | null {
  const sel = $getSelection();
  if (!$isRangeSelection(sel)) return null;
  const link = $getNearestNodeOfType(sel.anchor.getNode(), LinkNode);
  return $isLinkNode(link) ? link : null;
}

/**
 * 'Link': a small panel with the address (http, https or mailto, the
 * sanitizer's rule) that makes the selected text a link, changes the
 * address of the link at the caret, or removes that link (its text stays).
 * With nothing selected the address itself is inserted as the link's text.
 */
function LinkButton({ editorId, inLink }: { editorId: string; inLink: boolean }) {
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [error, setError] = useState(false);
  const saved = useRef<BaseSelection | null>(null);
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panelId = `${editorId}-link`;
  const inputId = `${useId()}-url`;

  const show = () => {
    editor.getEditorState().read(() => {
      const link = $selectedLink();
      saved.current = $getSelection()?.clone() ?? null;
      setEditing(Boolean(link));
      setUrl(link?.getURL() ?? "https://");
    });
    setError(false);
    setOpen(true);
  };
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    editor.focus();
  };
  const restore = () => {
    const sel = saved.current;
    if (sel) $setSelection(sel.clone());
  };
  const apply = () => {
    const address = url.trim();
    if (!isAllowedLinkUrl(address)) {
      setError(true);
      input.current?.focus();
      return;
    }
    editor.update(() => {
      restore();
      const link = $selectedLink();
      const sel = $getSelection();
      if (link) link.setURL(address);
      else if ($isRangeSelection(sel) && !sel.isCollapsed()) $toggleLink(address);
      else {
        $atSelection(() => $insertNodes([$createLinkNode(address).append($createTextNode(address))]));
      }
    });
    close();
  };
  const remove = () => {
    editor.update(() => {
      restore();
      const link = $selectedLink();
      if (!link) return;
      for (const child of link.getChildren()) link.insertBefore(child);
      link.remove();
    });
    close();
  };
  return (
    <span className="rte__popover-anchor">
      <button
        type="button"
        className="rte__btn rte__btn--link"
        aria-expanded={open}
        aria-controls={panelId}
        aria-pressed={inLink}
        title={inLink ? "Edit link" : "Insert link"}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (open ? close() : show())}
      >
        Link
      </button>
      {open ? (
        <span
          className="rte__popover"
          id={panelId}
          role="group"
          aria-label={editing ? "Edit link" : "Insert link"}
          onKeyDown={(e) => {
            if (e.key === "Escape") close();
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
        >
          <label htmlFor={inputId}>Link address</label>
          <input
            ref={input}
            id={inputId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className="rte__url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(false);
            }}
            aria-invalid={error || undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <span className="field__error" id={`${inputId}-error`} role="alert">
              {LINK_URL_MESSAGE}
            </span>
          ) : null}
          <button type="button" className="btn btn--small btn--primary" onClick={apply}>
            {editing ? "Update link" : "Add link"}
          </button>
          {editing ? (
            <button type="button" className="btn btn--small btn--secondary" onClick={remove}>
              Remove link
            </button>
          ) : null}
          <button type="button" className="btn btn--small btn--secondary" onClick={close}>
            Cancel
          </button>
        </span>
      ) : null}
    </span>
  );
}

const SIZE_LABELS: Record<ImageSize, string> = { small: "Small (80 px)", medium: "Medium (300 px)", large: "Large (original size)" };

/** 'Insert image': choose one of the template's images and a size. */
function InsertImage({ editorId, images }: { editorId: string; images: Array<{ url: string; name: string }> }) {
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(images[0]?.url ?? "");
  // The images can change while the editor stays mounted (an upload with
  // JavaScript): the first image is the choice until one is picked.
  const url = images.some((i) => i.url === chosen) ? chosen : (images[0]?.url ?? "");
  const [size, setSize] = useState<ImageSize>("medium");
  const panelId = `${editorId}-insert-image`;
  const insert = () => {
    const img = images.find((i) => i.url === url);
    if (!img) return;
    editor.update(() => $atSelection(() => $insertNodes([$createImageNode(img.url, img.name, size)])));
    setOpen(false);
    editor.focus();
  };
  return (
    <span className="rte__popover-anchor">
      <button type="button" className="rte__btn rte__btn--link" aria-expanded={open} aria-controls={panelId} title="Insert image" onClick={() => setOpen((o) => !o)}>
        Insert image
      </button>
      {open ? (
        <span className="rte__popover" id={panelId} role="group" aria-label="Insert image">
          {images.length === 0 ? (
            <span>No images yet: upload one under Template Images.</span>
          ) : (
            <>
              <label>
                Image{" "}
                <select value={url} onChange={(e) => setChosen(e.target.value)}>
                  {images.map((i) => (
                    <option key={i.url} value={i.url}>
                      {i.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Size{" "}
                <select value={size} onChange={(e) => setSize(e.target.value as ImageSize)}>
                  {(Object.keys(SIZE_LABELS) as ImageSize[]).map((s) => (
                    <option key={s} value={s}>
                      {SIZE_LABELS[s]}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="btn btn--small btn--primary" onClick={insert}>
                Insert
              </button>
            </>
          )}
          <button type="button" className="btn btn--small btn--secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        </span>
      ) : null}
    </span>
  );
}

export default function RichTextEditorClient(props: RichTextEditorProps) {
  const { name, id, label, defaultHtml, onChange, describedBy, invalid, hint, toolbarExtra } = props;
  const [html, setHtml] = useState(defaultHtml);
  const initialConfig: InitialConfigType = {
    namespace: `rte-${id}`,
    theme: THEME,
    nodes: [ListNode, ListItemNode, HeadingNode, QuoteNode, ImageNode, LinkNode, HorizontalRuleNode, TableNode, TableRowNode, TableCellNode],
    html: { import: IMPORT, export: EXPORT },
    onError: (error) => console.error("rich text editor:", error),
    editorState: (editor) => loadHtml(editor, defaultHtml),
  };
  const labelId = `${id}-label`;
  return (
    <>
      <span className="rte__label" id={labelId}>
        {label}
      </span>
      {hint ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <LexicalComposer initialConfig={initialConfig}>
        <div className="rte">
          <Toolbar extra={toolbarExtra} id={id} images={props.images} mergeFields={props.mergeFields} manageImagesHref={props.manageImagesHref} helpHref={props.helpHref} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                className="rte__content"
                aria-labelledby={labelId}
                aria-describedby={[hint ? `${id}-hint` : null, describedBy].filter(Boolean).join(" ") || undefined}
                aria-invalid={invalid || undefined}
                aria-multiline
                role="textbox"
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <HistoryPlugin />
          <ListPlugin />
          <LinkPlugin validateUrl={isAllowedLinkUrl} />
          <TablePlugin />
          <OnChangePlugin
            ignoreSelectionChange
            onChange={(state, editor) =>
              state.read(() => {
                const next = $generateHtmlFromNodes(editor, null);
                setHtml(next);
                onChange?.(next);
              })
            }
          />
        </div>
      </LexicalComposer>
      <input type="hidden" name={name} value={html} />
    </>
  );
}
