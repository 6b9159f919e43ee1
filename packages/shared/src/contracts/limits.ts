import { z } from 'zod';

/*
 * A text input's limit is the contract's: the form reads it from the same zod schema the server
 * applies, so the browser stops typing where the server would refuse, and the number lives in
 * one place.
 */

/** The schema a wrapper (optional, nullable, default, a transform's input) applies its rule to. */
function innerOf(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault || schema instanceof z.ZodReadonly) {
    return schema.def.innerType;
  }
  if (schema instanceof z.ZodPipe) return schema.def.in;
  return undefined;
}

/** The most characters a text schema takes (its `.max`), or undefined when it sets none or is no text. */
export function maxLengthOf(schema: z.core.$ZodType): number | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = innerOf(current)) {
    if (current instanceof z.ZodString) return current.maxLength ?? undefined;
  }
  return undefined;
}

export type MaxLengths<Shape> = { [Field in keyof Shape]?: number };

/** The limit of each text field of an object contract, for a form's inputs. */
export function maxLengthsOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): MaxLengths<Shape> {
  const limits: MaxLengths<Shape> = {};
  for (const field of Object.keys(schema.shape) as (keyof Shape & string)[]) {
    const max = maxLengthOf(schema.shape[field]);
    if (max !== undefined) limits[field] = max;
  }
  return limits;
}
