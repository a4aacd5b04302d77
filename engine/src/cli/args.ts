/** Command-line parsing for img3d (DESIGN §5). Pure: no I/O, so it is tested directly. */
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
  help: boolean;
}

export const USAGE = `Usage: img3d INPUT... [-o OUT.glb | --out-dir DIR] [--format glb|gltf|obj|fbx|stl] [--topology low|high] [--video]

Turns each image (PNG, JPEG, WebP, TIFF, GIF, SVG) into a textured, watertight 3D model.

  -o, --out FILE        output file (one input only); its extension picks the format
  --out-dir DIR         folder for the outputs (default: current folder), named after each input
  --format FMT          glb (default), gltf (self-contained), obj (zip of OBJ+MTL+PNG, or the three
                        files when -o ends in .obj), fbx (binary 7.4, texture embedded), stl (mm)
  --topology T          low (~5k triangles, 1024 px texture, default) or high (~50k+, 2048 px)
  --video               also render a turntable MP4 next to each model
  --depth-model FILE    optional ONNX monocular depth model for the front surface
  --flat-base MM        STL: cut MM (default 3, at most 10) off the levelled bottom; 0 = off
  -h, --help            show this help

Progress goes to stderr; the exit code is non-zero with a one-line reason on failure.`;

function bad(message: string): EngineError {
  return new EngineError('invalid_option', `img3d: ${message} (see img3d --help)`);
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { inputs: [], topology: 'low', video: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('-')) throw bad(`${a} needs a value`);
      return v;
    };
    switch (a) {
      case '-h':
      case '--help':
        args.help = true;
        break;
      case '-o':
      case '--out':
        args.out = value();
        break;
      case '--out-dir':
        args.outDir = value();
        break;
      case '--format': {
        const f = value();
        if (!EXPORT_FORMATS.includes(f as ExportFormat))
          throw bad(`unknown format '${f}'; use ${EXPORT_FORMATS.join(', ')}`);
        args.format = f as ExportFormat;
        break;
      }
      case '--topology': {
        const t = value();
        if (t !== 'low' && t !== 'high') throw bad(`unknown topology '${t}'; use low or high`);
        args.topology = t;
        break;
      }
      case '--video':
        args.video = true;
        break;
      case '--depth-model':
        args.depthModel = value();
        break;
      case '--flat-base': {
        const mm = Number(value());
        if (!(mm >= 0 && mm <= MAX_FLAT_BASE_MM))
          throw bad(`--flat-base takes millimetres between 0 and ${MAX_FLAT_BASE_MM} (0 turns the base off)`);
        args.flatBaseMm = mm;
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') throw bad(`unknown option '${a}'`);
        args.inputs.push(a);
    }
  }
  if (args.help) return args;
  if (args.inputs.length === 0) throw bad('no input image given');
  if (args.out && args.outDir) throw bad('use either -o or --out-dir, not both');
  if (args.out && args.inputs.length > 1) throw bad('-o takes one input; use --out-dir for several');
  if (args.out && !args.format) {
    const ext = args.out.toLowerCase().split('.').pop();
    if (ext === 'zip') args.format = 'obj';
    else if (ext && EXPORT_FORMATS.includes(ext as ExportFormat)) args.format = ext as ExportFormat;
    else throw bad(`cannot tell the format from '${args.out}'; add --format`);
  }
  return args;
}
