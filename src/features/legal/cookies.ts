import { PRIVACY_EMAIL } from './company';
import type { LegalDocument } from './types';

export const COOKIES: LegalDocument = {
  title: 'Cookie Policy',
  updated: '2026-11-22',
  summary:
    'Lift3D sets no advertising or cross-site tracking cookies. This page lists exactly what the site stores in your browser, and why.',
  sections: [
    {
      title: 'What this policy covers',
      body: [
        'This policy explains the cookies and similar browser storage (local storage and session storage) that the Lift3D website uses, and how you can control them. It supplements our Privacy Policy.',
      ],
    },
    {
      title: 'Cookies and browser storage',
      body: [
        'A cookie is a small file a website asks your browser to keep and send back with each request. Local storage and session storage are similar places in your browser that only the website’s own pages can read; local storage stays until it is cleared, session storage is cleared when you close the tab.',
        'Lift3D itself does not set cookies: our pages talk to our servers with a sign-in token instead. What we keep in your browser is listed below.',
      ],
    },
    {
      title: 'Strictly necessary: signing in',
      body: [
        {
          list: [
            'lift3d-auth-token — your sign-in session. Kept in local storage when “Remember me” is ticked, otherwise in session storage so it disappears when you close the browser.',
            'lift3d-remember-me — remembers your “Remember me” choice so every tab keeps your session the same way.',
            'user — a copy of your profile (name, e-mail, credit balance) so pages load quickly; removed when you sign out.',
            'A short-lived code used only while you sign in with Google or reset your password.',
          ],
        },
        'Without these the studio cannot know who you are, so they cannot be switched off while you are signed in.',
      ],
    },
    {
      title: 'Analytics: counting visits',
      body: [
        {
          list: [
            'lift3d_visitor_id (local storage) — a random identifier created on your first visit, so we can count unique and returning visitors. It contains nothing about you.',
            'lift3d_session_id (session storage) — a random identifier for one browsing session, cleared when you close the tab.',
          ],
        },
        'Each page view sends the page address, the referring page and these identifiers to our own server. We do not use third-party analytics and do not combine this with data from other websites.',
      ],
    },
    {
      title: 'Administrators',
      body: [
        'Administrators of Lift3D also get adminAuthenticated in session storage while they use the admin area; it is cleared when they log out of it or close the tab.',
      ],
    },
    {
      title: 'Payments: PayPal',
      body: [
        'When you pay with PayPal, PayPal’s own checkout runs on our page and may set its own cookies for fraud prevention and to keep you signed in to PayPal. These are governed by PayPal’s cookie and privacy statements. PayPal only loads on the checkout page.',
      ],
    },
    {
      title: 'What we do not use',
      body: [
        'No advertising cookies, no social-media pixels, no cross-site tracking and no fingerprinting. We never sell information about your visits.',
      ],
    },
    {
      title: 'How long they last',
      body: [
        'Session storage is cleared when you close the tab. Local storage items stay until you sign out (for your session and profile copy) or clear your browser’s site data (for the visitor identifier and your “Remember me” choice).',
      ],
    },
    {
      title: 'Your choices',
      body: [
        'You can delete everything Lift3D stores by clearing this site’s data in your browser settings, and you can block storage for the site altogether. The public pages keep working; signing in and the studio need the strictly necessary items above. If storage is blocked, visits are still counted, but each page view on its own.',
      ],
    },
    {
      title: 'Changes and contact',
      body: [
        `If we add anything to this list we will update this page first; the date at the top shows the latest version. Questions: ${PRIVACY_EMAIL}.`,
      ],
    },
  ],
};
