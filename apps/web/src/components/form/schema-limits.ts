import type { ZodType } from 'zod';

export interface LengthLimits {
  min?: number;
  max?: number;
}

interface DefLike {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
}

const defOf = (schema: ZodType): DefLike => schema._zod.def as unknown as DefLike;

/** Through optional/nullable/default wrappers and transforms to the schema that checks input. */
function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out)
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else break;
  }
  return current;
}

/**
 * The length limits a field's schema declares, so 'msg.min-length' / 'msg.max-length' show
 * the very number the server checks ({count}) without it being written down twice.
 */
export function lengthLimits(schema: ZodType, field: string): LengthLimits {
  const shape = defOf(unwrap(schema)).shape;
  const fieldSchema = shape?.[field];
  if (!fieldSchema) return {};
  const target = unwrap(fieldSchema) as ZodType & {
    minLength?: number | null;
    maxLength?: number | null;
  };
  const limits: LengthLimits = {};
  if (typeof target.minLength === 'number') limits.min = target.minLength;
  if (typeof target.maxLength === 'number') limits.max = target.maxLength;
  return limits;
}

/** The {count} a length message needs, if the key is one. */
export function countFor(key: string, limits: LengthLimits): number | undefined {
  if (key === 'msg.min-length') return limits.min;
  if (key === 'msg.max-length') return limits.max;
  return undefined;
}
