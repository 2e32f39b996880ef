import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel e2e runs on one machine keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
