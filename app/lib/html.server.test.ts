import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "./html.server";

describe("sanitizeRichHtml", () => {
  it("removes scripts, event handlers and javascript: URLs", () => {
    const out = sanitizeRichHtml(
      `<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(2)">y</a>` +
        `<img src="https://example.com/a.png" onerror="alert(3)"><iframe src="https://evil"></iframe><style>p{}</style></p>` +
        `<svg onload="alert(4)"></svg><img src="data:image/png;base64,AAAA"><form action="/x"><input name="a"></form>`,
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|<style|svg|data:|<form|<input/i);
    expect(out).toContain("Hi");
    expect(out).toContain('<img src="https://example.com/a.png"');
  });

  it("keeps the formatting lexical produces", () => {
    const lexical =
      '<p class="editor-paragraph" dir="ltr"><b><strong class="editor-text-bold" style="white-space: pre-wrap;">bold</strong></b>' +
      '<i><em style="white-space: pre-wrap;">it</em></i><u><span style="white-space: pre-wrap;">un</span></u><s><span>st</span></s></p>' +
      '<ul><li value="1"><span>one</span></li></ul><ol><li><span>first</span></li></ol><p style="text-align: center;">c</p>';
    const out = sanitizeRichHtml(lexical);
    for (const tag of ["<b>", "<strong", "<i>", "<em", "<u>", "<s>", "<ul>", "<ol>", "<li>", 'dir="ltr"', "white-space:pre-wrap", "text-align:center"]) {
      expect(out).toContain(tag);
    }
    expect(out).not.toContain("class=");
  });

  it("keeps images in three sizes: 60 px, 300 px and full width", () => {
    const out = sanitizeRichHtml(
      '<img src="https://x/s.png" class="img-small"><img src="https://x/m.png" width="300"><img src="https://x/l.png" class="img-large" style="position:fixed">',
    );
    expect(out).toContain('<img src="https://x/s.png" alt="" class="img-small" width="60" style="width:60px;height:auto" />');
    expect(out).toContain('class="img-medium" width="300" style="width:300px;height:auto"');
    expect(out).toContain('class="img-large" width="100%" style="width:100%;max-width:100%;height:auto"');
    expect(out).not.toContain("position");
  });

  it("keeps placeholders and links with http, https and mailto", () => {
    const out = sanitizeRichHtml('<p>[[ProspectFirstName]] <a href="https://a.test/x">a</a> <a href="mailto:a@b.test">m</a></p>');
    expect(out).toBe('<p>[[ProspectFirstName]] <a href="https://a.test/x">a</a> <a href="mailto:a@b.test">m</a></p>');
  });
});
