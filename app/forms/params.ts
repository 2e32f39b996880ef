import { data } from "react-router";
import type { z } from "zod";

/** A page's own param validation: params that fail it show the 404 page. */
export function validParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
