/** The careers page's content (SPEC §2 "Careers and About"): values and open roles. */
export const GENERAL_APPLICATION = 'General Application';

export interface Role {
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  highlights: readonly string[];
}

export const ROLES: readonly Role[] = [
  {
    title: 'Senior Graphics Engineer',
    team: 'Engine',
    location: 'Remote (Europe)',
    type: 'Full-time',
    summary:
      'Own the geometry pipeline that turns a silhouette and a depth estimate into watertight, textured meshes — and the renderer that films them.',
    highlights: ['Mesh processing and UV mapping', 'glTF, FBX and STL exporters', 'CPU and GPU rendering'],
  },
  {
    title: 'AI Research Engineer',
    team: 'Research',
    location: 'Remote (Europe)',
    type: 'Full-time',
    summary:
      'Make single-image reconstruction sharper and faster: segmentation, monocular depth and shape priors that run on ordinary CPUs.',
    highlights: ['Segmentation and depth models', 'ONNX and on-CPU inference', 'Evaluation you can trust'],
  },
  {
    title: 'Product Designer',
    team: 'Product',
    location: 'Remote (Europe)',
    type: 'Full-time',
    summary:
      'Design the studio, the viewer and everything between a first upload and a printed model, for people who have never touched 3D software.',
    highlights: ['Interaction and visual design', 'Research with real creators', 'Design systems in code'],
  },
];

export const VALUES = [
  {
    title: 'Excellence',
    body: 'We ship models we would print ourselves. Quality is measured, not assumed, and every detail — a seam, an error message — matters.',
  },
  {
    title: 'Velocity',
    body: 'Small team, short loops. We release often, learn from real use, and prefer a working step today over a perfect plan next quarter.',
  },
  {
    title: 'Ownership',
    body: 'Everyone owns a part of the product end to end: from the idea to production to the support e-mail about it.',
  },
] as const;
