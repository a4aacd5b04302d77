import { api } from '../../lib/api';

/** The job application payload (SPEC §3); `website` is the honeypot, sent only when something filled it. */
export interface JobApplication {
  role: string;
  full_name: string;
  email: string;
  location: string;
  years_experience: string;
  linkedin: string;
  portfolio: string;
  github: string;
  resume_url: string;
  compensation: string;
  availability: string;
  skills_summary: string;
  website?: string;
}

export const sendApplication = (application: JobApplication) =>
  api.post<{ success: boolean }>('/careers/apply', application);
