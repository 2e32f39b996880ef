import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel e2e runs on one machine keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router's own Origin check is replaced by the root security middleware
  // (app/security/origin.ts, ADR 0008): that one reads Sec-Fetch-Site first, knows the
  // site's origin behind a trusted TLS-terminating proxy (React Router compares with
  // request.url, which is http:// there, so it would refuse every post), covers resource
  // routes too, and answers 403 rather than a bare 400.
  allowedActionOrigins: ["**"],
} satisfies Config;
