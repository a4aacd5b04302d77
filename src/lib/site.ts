/** Public facts about the service shown across the site. */
export const SUPPORT_EMAIL = 'support@lift3d.app';

/** Marketing claims of the landing page (SPEC §1). */
export const CLAIMS = {
  conversionTime: 'under 30 seconds',
  accuracy: '99.8%',
  dailyUsers: '15,200+',
  rating: '4.9/5',
} as const;

export const OUTPUT_FORMATS = ['GLB', 'glTF', 'OBJ', 'FBX', 'STL'] as const;
