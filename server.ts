// The production server: `node server.ts` (Node 24 strips the types; erasable syntax
// only). Serves the React Router build in BUILD_DIR (default build/) on PORT (default
// 3000) and HOST; see server/app-server.ts and ADR 0010.

// Before anything loads React or React Router, which pick their production builds from it.
process.env.NODE_ENV ??= "production";

const { main } = await import("./server/main.ts");
await main(import.meta.dirname);
