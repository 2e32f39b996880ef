import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  // msw is loaded only by the embedded default at run time; keep it out of the bundle.
  ssr: { external: ["msw", "msw/node"] },
});
