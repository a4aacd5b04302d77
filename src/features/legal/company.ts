import { SUPPORT_EMAIL } from '../../lib/site';

/**
 * Who publishes Lift3D and where to write: shown at the end of every legal page. The operator of a
 * deployment replaces these with its own registered details.
 */
export const COMPANY = {
  name: 'Lift3D',
  postalAddress: ['Lift3D — Legal', '12 Rue du Faubourg Montmartre', '75009 Paris', 'France'],
  emails: [
    { label: 'Legal questions', address: 'legal@lift3d.app' },
    { label: 'Privacy and data requests', address: 'privacy@lift3d.app' },
    { label: 'Support and refunds', address: SUPPORT_EMAIL },
    { label: 'Abuse reports', address: 'abuse@lift3d.app' },
  ],
} as const;

export const LEGAL_EMAIL = 'legal@lift3d.app';
export const PRIVACY_EMAIL = 'privacy@lift3d.app';
export const ABUSE_EMAIL = 'abuse@lift3d.app';
