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

  it("keeps images in three sizes: 80 px, 300 px and the original size (never wider than the email)", () => {
    const out = sanitizeRichHtml(
      '<img src="https://x/s.png" class="img-small"><img src="https://x/m.png" width="300"><img src="https://x/l.png" class="img-large" style="position:fixed"><img src="https://x/old.png" width="60">',
    );
    expect(out).toContain('<img src="https://x/s.png" alt="" class="img-small" width="80" style="width:80px;max-width:100%;height:auto" />');
    expect(out).toContain('class="img-medium" width="300" style="width:300px;max-width:100%;height:auto"');
    expect(out).toContain('<img src="https://x/l.png" alt="" class="img-large" style="max-width:100%;height:auto" />');
    expect(out).toContain('<img src="https://x/old.png" alt="" class="img-small" width="80"');
    expect(out).not.toContain("position");
  });

  it("keeps root-relative image addresses when stored and makes them absolute to the base URL when sent", () => {
    const html = '<p><img src="/timg/0123456789abcdef0123456789abcdef.png" class="img-medium"><a href="/faq">faq</a><img src="//evil.test/x.png"></p>';
    expect(sanitizeRichHtml(html)).toContain('src="/timg/0123456789abcdef0123456789abcdef.png"');
    const sent = sanitizeRichHtml(html, { baseUrl: "https://portal.test/" });
    expect(sent).toContain('src="https://portal.test/timg/0123456789abcdef0123456789abcdef.png"');
    expect(sent).toContain('href="https://portal.test/faq"');
    expect(sent).not.toContain("evil.test");
  });

  it("keeps placeholders and links with http, https and mailto", () => {
    const out = sanitizeRichHtml('<p>[[ProspectFirstName]] <a href="https://a.test/x">a</a> <a href="mailto:a@b.test">m</a></p>');
    expect(out).toBe('<p>[[ProspectFirstName]] <a href="https://a.test/x">a</a> <a href="mailto:a@b.test">m</a></p>');
  });
});
