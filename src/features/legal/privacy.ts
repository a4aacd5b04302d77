import { PRIVACY_EMAIL } from './company';
import type { LegalDocument } from './types';

export const PRIVACY: LegalDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-22',
  summary:
    'What we collect when you use Lift3D, why, who helps us process it, how long we keep it and the rights you have. We never sell your data or your images.',
  sections: [
    {
      title: 'Who we are',
      body: [
        `Lift3D (“we”, “us”) runs the Lift3D website and studio and is the controller of the personal data described here. You can reach us about privacy at ${PRIVACY_EMAIL} or at the postal address below.`,
      ],
    },
    {
      title: 'What we collect',
      body: [
        {
          list: [
            'Account data: your name, e-mail address, a securely hashed password (or your Google account identifier if you sign in with Google), and when your account was created and last changed.',
            'Images you upload and the models, textures and videos made from them.',
            'Credit and payment records: packs bought, amounts, credits added and spent. PayPal handles the payment itself; we receive an order reference and status, never your full card number.',
            'Messages you send us through the contact form, the mobile-app waitlist or a job application, including everything you type into them.',
            'Usage data: pages visited, the referring page, a random visitor identifier and a per-tab session identifier, and basic technical data such as your IP address (kept only as a keyed hash to stop spam).',
          ],
        },
      ],
    },
    {
      title: 'How we use it',
      body: [
        {
          list: [
            'To provide the service: sign you in, convert your images, store and deliver your models, and keep your credit balance.',
            'To process purchases, refunds and the 7-day money-back guarantee, and to keep the accounting records the law requires.',
            'To answer your messages and applications.',
            'To keep Lift3D secure and working: preventing fraud, spam and abuse, and fixing errors.',
            'To understand, in aggregate, how the site is used so we can improve it.',
          ],
        },
        'We do not sell personal data, we do not show advertising, and we do not use your images or models to train AI models.',
      ],
    },
    {
      title: 'Legal bases',
      body: [
        'We process your data because it is necessary to perform our contract with you (your account, conversions and purchases), to meet legal obligations (tax and accounting records), and for our legitimate interests in securing and improving the service and answering messages. Where we rely on consent, for example for the mobile-app waitlist, you can withdraw it at any time.',
      ],
    },
    {
      title: 'Your images and models',
      body: [
        'Uploaded images and the files made from them are stored privately: only you (and our administrators, when needed to help you or to investigate abuse) can access them, and download links are signed and expire.',
        'They are kept until you delete them. When you delete a model from My models, the uploaded image and all generated files are removed from our storage; a minimal record of the conversion (date, kind, format and credits spent) stays in your credit history for accounting.',
      ],
    },
    {
      title: 'Processors and sharing',
      body: [
        'We share data only with service providers that process it for us under contract, and only as far as needed:',
        {
          list: [
            'Supabase — database, authentication and file storage for the service.',
            'PayPal — payment processing for credit purchases (PayPal also acts as an independent controller for your PayPal account).',
            'Google — only if you choose to sign in with Google.',
            'Our e-mail delivery provider — to send receipts, notices and our replies.',
            'Our hosting provider — to run the website and the conversion servers.',
          ],
        },
        'We may disclose data when the law requires it or to protect the rights and safety of our users and of Lift3D.',
      ],
    },
    {
      title: 'International transfers',
      body: [
        'Our providers may process data outside your country, including outside the European Economic Area. When they do, we rely on adequacy decisions or the European Commission’s standard contractual clauses to keep your data protected to the same standard.',
      ],
    },
    {
      title: 'How long we keep data',
      body: [
        {
          list: [
            'Account data: while your account is open, and deleted within 30 days after you ask us to close it.',
            'Images and models: until you delete them or close your account.',
            'Payment and credit records: for as long as tax and accounting law requires (up to 10 years).',
            'Contact messages and job applications: up to 2 years, then deleted; waitlist sign-ups until the app launches or you ask to be removed.',
            'Visit records: up to 26 months, then deleted or kept only as totals.',
          ],
        },
      ],
    },
    {
      title: 'Security',
      body: [
        'Data is encrypted in transit; passwords are stored only as salted hashes; database rules make sure each account can only reach its own data; and access to production systems is limited to the people who need it. No system is perfectly secure, and we will tell you without undue delay if a breach puts your data at risk.',
      ],
    },
    {
      title: 'Your rights',
      body: [
        `You may ask to access, correct, delete or export your personal data, to restrict or object to how we use it, and to withdraw consent. You can change your name and e-mail address yourself on your profile; for anything else write to ${PRIVACY_EMAIL}. We answer within one month.`,
        'You also have the right to complain to your data-protection authority (in France, the CNIL), though we would be glad to try to resolve your concern first.',
      ],
    },
    {
      title: 'Children',
      body: [
        `Lift3D is not intended for children under 13, and you must be at least 13 years old to create an account. If you are under the age of digital consent in your country, you need the permission of a parent or guardian. If we learn that a child under 13 has given us personal data, we delete it; parents who believe this has happened can write to ${PRIVACY_EMAIL}.`,
      ],
    },
    {
      title: 'Changes and contact',
      body: [
        'We will update this policy when our practices change; the date at the top shows the latest version, and we will tell you about significant changes by e-mail or in the app.',
        `Questions or requests: ${PRIVACY_EMAIL}, or by post at the address below.`,
      ],
    },
  ],
};
