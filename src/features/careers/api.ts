import type { JobApplication } from '@lift3d/contract';

export type { JobApplication };

import { api } from '../../lib/api';

export const sendApplication = (application: JobApplication) => api.call('apply', { body: application });
