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

/**
 * One of the two secure e-mail change mails: the current address is asked to allow the change, the new
 * one to prove it is reachable. The change applies only when both links were followed.
 */
export function emailChangeMail(
  to: string,
  change: { from: string; to: string },
  link: string,
  code: string,
): MailMessage {
  const current = to === change.from;
  const intro = current
    ? `Someone asked to change the e-mail address of your Lift3D account from ${change.from} to ${change.to}.`
    : `Confirm ${change.to} as the new e-mail address of the Lift3D account that used ${change.from}.`;
  const text = [
    'Confirm the e-mail change',
    '',
    intro,
    'The change happens only once both addresses have followed their link:',
    link,
    '',
    `Or enter this code: ${code}`,
    '',
    current
      ? 'If this was not you, ignore this e-mail and change your password.'
      : 'If this was not you, ignore this e-mail.',
  ].join('\n');
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const html = `<h2>Confirm the e-mail change</h2>
<p>${intro.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>
<p><a href="${escaped}">Confirm e-mail change</a></p>
<p>Or enter this code: <strong>${code}</strong></p>`;
  return { to, subject: 'Confirm the e-mail change', text, html };
}
