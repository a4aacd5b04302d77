/** The recovery e-mail: the verification link (GoTrue's `{{ .ConfirmationURL }}`) and the 6-digit code. */
import type { MailMessage } from './context.ts';

export function recoveryMail(to: string, link: string, code: string): MailMessage {
  const text = [
    'Reset your Lift3D password',
    '',
    'Follow this link to choose a new password:',
    link,
    '',
    `Or enter this code: ${code}`,
    '',
    'If you did not ask for this, ignore this e-mail; your password stays as it is.',
  ].join('\n');
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const html = `<h2>Reset your Lift3D password</h2>
<p>Follow this link to choose a new password:</p>
<p><a href="${escaped}">Reset password</a></p>
<p>Or enter this code: <strong>${code}</strong></p>
<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`;
  return { to, subject: 'Reset your password', text, html };
}
