import { expect, test } from "./fixtures";

// What Lighthouse's first-paint audits found (scripts/lighthouse.ts, ADR 0011): documents
// are compressed when the browser accepts it, and their stylesheets are preloaded from the
// headers so they are fetched before the module scripts.

test("documents are compressed for browsers that accept it, with their stylesheets preloaded from the headers", async ({ request }) => {
  const compressed = await request.get("/registration/education/organisation", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(compressed.status()).toBe(200);
  expect(compressed.headers()["content-encoding"]).toBe("br");
  expect(compressed.headers()["vary"]).toContain("Accept-Encoding");
  expect(await compressed.text()).toContain("Find your organisation");
  const links = compressed.headers()["link"] ?? "";
  expect(links).toMatch(/<\/assets\/app-[\w-]+\.css>; rel=preload; as=style/);
  expect(links).toMatch(/<\/assets\/organisation-search-[\w-]+\.css>; rel=preload; as=style/);

  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");

  const plain = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(await plain.text()).toContain("</html>");
});
