import { ABUSE_EMAIL } from './company';
import type { LegalDocument } from './types';

export const ACCEPTABLE_USE: LegalDocument = {
  title: 'Acceptable Use Policy',
  updated: '2026-11-22',
  summary:
    'What you may and may not convert, upload or do with Lift3D. It keeps the service safe and fair for everyone and forms part of our Terms of Service.',
  sections: [
    {
      title: 'Purpose and scope',
      body: [
        'This policy applies to everything you upload to Lift3D, every model and video you make with it, every message you send us and every way you access the service — the website, the studio and our API.',
      ],
    },
    {
      title: 'Lawful use only',
      body: [
        'Use Lift3D only for lawful purposes. Do not upload, convert or distribute anything that is illegal where you live or in France, where Lift3D is based.',
      ],
    },
    {
      title: 'Other people’s intellectual property',
      body: [
        'Only upload images you created yourself or have the rights to use. Do not convert another person’s artwork, photographs, characters, logos, trademarks or product designs, or sell models made from them, without their permission or another legal basis such as a licence.',
        'Rights holders who believe their work has been converted without permission can report it as described below; we remove infringing content and may close the accounts of repeat infringers.',
      ],
    },
    {
      title: 'People and privacy',
      body: [
        'Do not upload images of identifiable people to make models of them without their consent, and never to harass, intimidate, sexualise or impersonate anyone. Do not use Lift3D to collect or expose other people’s personal data.',
      ],
    },
    {
      title: 'Prohibited content',
      body: [
        {
          list: [
            'Any content that sexualises minors, in any form. We report such content to the authorities.',
            'Sexually explicit content involving real people without their consent.',
            'Content that promotes terrorism or violent extremism, or incites violence or hatred against people because of who they are.',
            'Content that depicts or encourages self-harm, or the abuse of people or animals.',
          ],
        },
      ],
    },
    {
      title: 'Weapons and dangerous items',
      body: [
        'Do not use Lift3D to produce models of functional firearms, firearm parts, or other weapons or devices intended to cause harm, or to help anyone get around the laws that control them. Decorative props and models for games and films are fine where they cannot function as weapons.',
      ],
    },
    {
      title: 'Security and integrity of the service',
      body: [
        {
          list: [
            'Do not probe, scan or test the vulnerability of Lift3D, or break or get around its security, rate limits or credit checks.',
            'Do not upload files designed to harm our systems, such as malware or decompression bombs.',
            'Do not access other users’ accounts, images or models, or try to.',
            'If you find a security issue, please tell us privately so we can fix it; we will not take action against good-faith research reported to us.',
          ],
        },
      ],
    },
    {
      title: 'Automated access and fair use',
      body: [
        'Use the studio and our documented API only. Do not scrape the website, create accounts in bulk, share one account among many people to resell conversions, or send traffic meant to overload the service. Batch conversion within your credits is welcome.',
      ],
    },
    {
      title: 'Honest use',
      body: [
        'Do not use Lift3D or its models to deceive people: no fraud, phishing or spam, and do not present generated models as scans or photographs of real objects where that would mislead. Do not send us spam through our forms.',
      ],
    },
    {
      title: 'Reporting violations',
      body: [
        `Report content or behaviour that breaks this policy to ${ABUSE_EMAIL}. Include what you saw, where, and — for intellectual-property complaints — the work you own and how to reach you. We review every report and reply to the person who made it.`,
      ],
    },
    {
      title: 'Enforcement',
      body: [
        'Depending on how serious a breach is, we may remove content, limit features, suspend or close the account, and report illegal activity to the authorities. Where we can, we explain our decision and give you the chance to respond; you may ask us to review it by replying to our message.',
      ],
    },
    {
      title: 'Changes and contact',
      body: [
        `We may update this policy as the service and the law evolve; the date at the top shows the latest version. Questions: ${ABUSE_EMAIL}.`,
      ],
    },
  ],
};
