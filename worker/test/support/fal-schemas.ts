/**
 * Input schemas of the fal models the stand-in serves, as fal documents them on each model's API page
 * (fal.ai/models/<id>/api): TRELLIS takes `image_url`, its multi endpoint `image_urls`, Hunyuan3D v2 (and
 * its mini and turbo variants) `input_image_url` with an optional `textured_mesh`. A missing required
 * field or one of another type answers fal's validation error: 422 {detail: [{loc, msg, type}]}.
 */

interface Problem {
  loc: string[];
  msg: string;
  type: string;
}

interface FalSchema {
  imageField: string;
  check(body: Record<string, unknown>): Problem[];
  images(body: Record<string, unknown>): unknown[];
}

type Field = 'string' | 'string[]' | 'boolean' | 'integer' | 'number';

function schema(
  imageField: string,
  required: Record<string, Field>,
  optional: Record<string, Field>,
): FalSchema {
  const is = (value: unknown, type: Field) =>
    type === 'string[]'
      ? Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')
      : type === 'integer'
        ? Number.isInteger(value)
        : typeof value === type;
  return {
    imageField,
    check(body) {
      const problems: Problem[] = [];
      for (const [name, type] of Object.entries(required)) {
        if (body[name] === undefined)
          problems.push({ loc: ['body', name], msg: 'field required', type: 'value_error.missing' });
        else if (!is(body[name], type))
          problems.push({ loc: ['body', name], msg: `not a valid ${type}`, type: 'type_error' });
      }
      for (const [name, type] of Object.entries(optional)) {
        if (body[name] !== undefined && !is(body[name], type))
          problems.push({ loc: ['body', name], msg: `not a valid ${type}`, type: 'type_error' });
      }
      return problems;
    },
    images(body) {
      const value = body[imageField];
      return Array.isArray(value) ? value : value === undefined ? [] : [value];
    },
  };
}

const trellisOptions: Record<string, Field> = {
  seed: 'integer',
  ss_guidance_strength: 'number',
  ss_sampling_steps: 'integer',
  slat_guidance_strength: 'number',
  slat_sampling_steps: 'integer',
  mesh_simplify: 'number',
  texture_size: 'integer',
};

const hunyuan = schema(
  'input_image_url',
  { input_image_url: 'string' },
  {
    seed: 'integer',
    num_inference_steps: 'integer',
    guidance_scale: 'number',
    octree_resolution: 'integer',
    textured_mesh: 'boolean',
  },
);

export const FAL_SCHEMAS: Record<string, FalSchema> = {
  'fal-ai/trellis': schema('image_url', { image_url: 'string' }, trellisOptions),
  'fal-ai/trellis/multi': schema('image_urls', { image_urls: 'string[]' }, trellisOptions),
  'fal-ai/hunyuan3d/v2': hunyuan,
  'fal-ai/hunyuan3d/v2/mini': hunyuan,
  'fal-ai/hunyuan3d/v2/turbo': hunyuan,
  'fal-ai/hunyuan3d/v2/mini/turbo': hunyuan,
};
