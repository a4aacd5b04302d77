/** Command-line parsing for img3d (DESIGN §5) on node:util's parseArgs. Pure: no I/O, so it is tested directly. */
import { type ParseArgsConfig, parseArgs as parseNodeArgs } from 'node:util';
import { EngineError } from '../errors.ts';
import { MAX_FLAT_BASE_MM } from '../export/stl.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../export/types.ts';
import type { Topology } from '../pipeline/presets.ts';

export interface CliArgs {
  inputs: string[];
  out?: string;
  outDir?: string;
  format?: ExportFormat;
  topology: Topology;
  video: boolean;
  depthModel?: string;
  /** STL: millimetres cut off the bottom for a flat base. */
  flatBaseMm?: number;
  /** Extra views of the one input: photos taken a quarter, half and three-quarter turn to the right. */
  views: { right?: string; back?: string; left?: string };
  help: boolean;
}

export const USAGE = `Usage: img3d INPUT... [-o OUT.glb | --out-dir DIR] [--format glb|gltf|obj|fbx|stl|usdz|3mf] [--topology low|high] [--video]
       img3d FRONT [--right R] [--back B] [--left L] [options]

Turns each image (PNG, JPEG, WebP, TIFF, GIF, SVG) into a textured, watertight 3D model.

  -o, --out FILE        output file (one input only); its extension picks the format
  --out-dir DIR         folder for the outputs (default: current folder), named after each input
  --format FMT          glb (default), gltf (self-contained), obj (zip of OBJ+MTL+PNG, or the three
                        files when -o ends in .obj), fbx (binary 7.4, texture embedded), stl (mm),
                        usdz (AR Quick Look, metres), 3mf (the STL's solid with vertex colours)
  --topology T          low (~5k triangles, 1024 px texture, default) or high (~50k+, 2048 px)
  --video               also render a turntable MP4 next to each model
  --depth-model FILE    optional ONNX monocular depth model for the front surface
  --flat-base MM        STL and 3MF: cut MM (default 3, at most 10) off the levelled bottom; 0 = off
  --right R, --back B, --left L
                        more photos of the same object (one input only), taken after walking a quarter,
                        half and three-quarter turn to the right around it at the same height
  -h, --help            show this help

Progress goes to stderr; the exit code is non-zero with a one-line reason on failure.`;

function bad(message: string): EngineError {
  return new EngineError('invalid_option', `img3d: ${message} (see img3d --help)`);
}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  format: { type: 'string' },
  topology: { type: 'string' },
  video: { type: 'boolean' },
  'depth-model': { type: 'string' },
  'flat-base': { type: 'string' },
  right: { type: 'string' },
  back: { type: 'string' },
  left: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { inputs: [], topology: 'low', video: false, views: {}, help: false };
  // Not strict: node's own messages would replace ours, so the tokens are checked here, in order.
  const { tokens } = parseNodeArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      args.inputs.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    const name = token.name as keyof typeof OPTIONS;
    if (!Object.hasOwn(OPTIONS, name)) throw bad(`unknown option '${token.rawName}'`);
    const value = () => {
      // A value that looks like an option means the value was left out (-o --video).
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
        throw bad(`${token.rawName} needs a value`);
      }
      return token.value;
    };
    if (OPTIONS[name].type === 'boolean' && token.value !== undefined) {
      throw bad(`${token.rawName} takes no value`);
    }
    switch (name) {
      case 'help':
        args.help = true;
        break;
      case 'out':
        args.out = value();
        break;
      case 'out-dir':
        args.outDir = value();
        break;
      case 'format': {
        const f = value();
        if (!EXPORT_FORMATS.includes(f as ExportFormat))
          throw bad(`unknown format '${f}'; use ${EXPORT_FORMATS.join(', ')}`);
        args.format = f as ExportFormat;
        break;
      }
      case 'topology': {
        const t = value();
        if (t !== 'low' && t !== 'high') throw bad(`unknown topology '${t}'; use low or high`);
        args.topology = t;
        break;
      }
      case 'video':
        args.video = true;
        break;
      case 'depth-model':
        args.depthModel = value();
        break;
      case 'flat-base': {
        const mm = Number(value());
        if (!(mm >= 0 && mm <= MAX_FLAT_BASE_MM))
          throw bad(`--flat-base takes millimetres between 0 and ${MAX_FLAT_BASE_MM} (0 turns the base off)`);
        args.flatBaseMm = mm;
        break;
      }
      case 'right':
      case 'back':
      case 'left':
        args.views[name] = value();
        break;
    }
  }
  if (args.help) return args;
  if (args.inputs.length === 0) throw bad('no input image given');
  if (args.out && args.outDir) throw bad('use either -o or --out-dir, not both');
  if (Object.keys(args.views).length && args.inputs.length > 1)
    throw bad('--right, --back and --left are views of one object: give one front photo');
  if (args.out && args.inputs.length > 1) throw bad('-o takes one input; use --out-dir for several');
  if (args.out && !args.format) {
    const ext = args.out.toLowerCase().split('.').pop();
    if (ext === 'zip') args.format = 'obj';
    else if (ext && EXPORT_FORMATS.includes(ext as ExportFormat)) args.format = ext as ExportFormat;
    else throw bad(`cannot tell the format from '${args.out}'; add --format`);
  }
  return args;
}
