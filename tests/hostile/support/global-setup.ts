import { buildIfNeeded } from "../../../scripts/support/production-server.ts";

// The hostile suite attacks the production build: made now when missing or older than the
// sources (in `npm test` the build step before has just made it).
export default function globalSetup(): void {
  buildIfNeeded();
}
