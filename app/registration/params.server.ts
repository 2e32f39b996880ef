import { z } from "zod";
import { GROUP_TYPES } from "../organisations/group-types";

/**
 * The registration layout's params: an unknown group type is a 404 (the layout's loader).
 * Server-only: in steps.ts, which the pages import for their paths, this one top-level
 * call kept zod (23 kB gzip) in the search page's initial JavaScript.
 */
export const registrationParamsSchema = z.object({ group: z.enum(GROUP_TYPES).optional() });
