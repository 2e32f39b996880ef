import { renderToStaticMarkup } from "react-dom/server";
import sanitizeHtml from "sanitize-html";
import { describe, expect, it, vi } from "vitest";
import { RichText } from "../components/rich-text";
import { sanitizeRichText } from "./rich-text.server";

// The real sanitiser, watched: how often it parses a text.
vi.mock("sanitize-html", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import("sanitize-html") }>()).default;
  return { default: Object.assign(vi.fn(real), real) };
});
const sanitised = (text: string) => vi.mocked(sanitizeHtml).mock.calls.filter(([input]) => input === text).length;

const clean = (html: string) => sanitizeRichText(html) as string;

describe("CMS rich text sanitiser", () => {
  it("keeps the content the CMS is meant to send", () => {
    const html =
      '<h2>Visiting</h2><p>Groups of <strong>up to 30</strong> are <em>welcome</em>.</p>' +
      '<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol><blockquote>Quote</blockquote>' +
      '<p><a href="https://museum.example.org/visit">Plan</a>, <a href="/terms">terms</a>, ' +
      '<a href="mailto:groups@example.org">email us</a>, <a href="#opening">times</a></p><h3>More</h3><br>';
    expect(clean(html)).toBe(html.replace("<br>", "<br />"));
  });

  it.each([
    ["a script element", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ["a script element that hides in case and spacing", "<p>Hi</p><SCRIPT >alert(1)</SCRIPT >", "<p>Hi</p>"],
    ["an event handler", '<p onclick="alert(1)">Hi</p>', "<p>Hi</p>"],
    ["an image's onerror", '<img src="x" onerror="alert(1)"><p>Hi</p>', "<p>Hi</p>"],
    ["an svg's onload", '<svg onload="alert(1)"><circle /></svg><p>Hi</p>', "<p>Hi</p>"],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a javascript: link with entities and spaces", '<a href="jav&#x09;ascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>', "<a>x</a><a>y</a>"],
    ["a data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', "<a>x</a>"],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ["a data: image", '<img src="data:image/svg+xml,<svg onload=alert(1)>">', ""],
    ["a protocol-relative link to another site", '<a href="//evil.example/">x</a>', "<a>x</a>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>Hi</p>', "<p>Hi</p>"],
    ["an object and embed", '<object data="x.swf"></object><embed src="x.swf"><p>Hi</p>', "<p>Hi</p>"],
    ["a style element and attribute", '<style>body{display:none}</style><p style="position:fixed">Hi</p>', "<p>Hi</p>"],
    ["a form", '<form action="https://evil.example"><input name="password"><button>Go</button></form>', "Go"],
    ["a base element", '<base href="https://evil.example/"><p>Hi</p>', "<p>Hi</p>"],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>Hi</p>', "<p>Hi</p>"],
    ["a target and id that could clobber globals", '<a href="/x" target="_blank" id="dataLayer" name="gtag">x</a>', '<a href="/x">x</a>'],
  ])("removes %s", (_name, dirty, expected) => {
    expect(clean(dirty)).toBe(expected);
  });

  it("turns a stray h1 into a section heading (the page has its own title)", () => {
    expect(clean("<h1>Title</h1>")).toBe("<h2>Title</h2>");
  });

  it("is what the component renders, on the server as in the browser", () => {
    const markup = renderToStaticMarkup(<RichText html={sanitizeRichText('<p>Hi<img src=x onerror="alert(1)"></p>')} />);
    expect(markup).toBe('<div class="rich-text"><p>Hi</p></div>');
  });

  it("parses a text once however often it comes, and answers the same", () => {
    const text = `<p>Cookies ${Math.random()}</p><script>x()</script>`;
    const first = sanitizeRichText(text);
    expect(sanitizeRichText(text)).toBe(first);
    expect(first).toBe(text.replace("<script>x()</script>", ""));
    expect(sanitised(text)).toBe(1);
  });

  it("keeps a bounded number of texts, dropping the least recently used", () => {
    const kept = `<p>kept ${Math.random()}</p>`;
    const dropped = `<p>dropped ${Math.random()}</p>`;
    sanitizeRichText(dropped);
    sanitizeRichText(kept);
    for (let i = 0; i < 199; i++) {
      sanitizeRichText(`<p>filler ${i} ${Math.random()}</p>`);
      if (i === 100) sanitizeRichText(kept); // used again: now among the newest
    }
    sanitizeRichText(kept);
    sanitizeRichText(dropped);
    expect(sanitised(kept)).toBe(1);
    expect(sanitised(dropped)).toBe(2);
  });

  it("does not keep long texts", () => {
    const long = `<p>${"word ".repeat(5000)}${Math.random()}</p>`;
    expect(sanitizeRichText(long)).toBe(sanitizeRichText(long));
    expect(sanitised(long)).toBe(2);
  });
});
