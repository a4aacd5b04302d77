import { SUPPORT_EMAIL } from '../../lib/site';
import { LEGAL_EMAIL } from './company';
import { COST, type LegalDocument } from './types';

export const TERMS: LegalDocument = {
  title: 'Terms of Service',
  updated: '2026-11-27',
  summary:
    'The agreement between you and Lift3D when you use the website, the studio and the models it makes. Prepaid credits, no subscription; your models are yours to use commercially.',
  sections: [
    {
      title: 'Acceptance of these terms',
      body: [
        'By creating an account, buying credits or converting an image with Lift3D you agree to these Terms of Service, our Privacy Policy, our Acceptable Use Policy and our Cookie Policy. If you do not agree, please do not use the service.',
        'If you use Lift3D on behalf of a company or other organisation, you confirm that you may accept these terms for it. You must be at least 13 years old to use Lift3D, and old enough in your country to enter into a contract (or have a parent or guardian’s permission) to buy credits.',
      ],
    },
    {
      title: 'The service',
      body: [
        'Lift3D turns a single two-dimensional image (PNG, JPG, JPEG or SVG) into a three-dimensional model and, on request, a short turntable video. Conversions are made automatically by our own software; results depend on the image and are not reviewed by a person.',
        'A finished conversion can be downloaded in every format we offer — GLB, glTF, OBJ, FBX, STL, USDZ and 3MF — and, for a 3D preview, as an MP4 video, as often as you like while you keep it in My models.',
      ],
    },
    {
      title: 'Your account',
      body: [
        'You sign up with an e-mail address and password or with Google. Keep your password secret and tell us at once if you think someone else is using your account: you are responsible for what happens under it.',
        'Give us accurate details and keep your e-mail address current; we use it for receipts and important notices about the service.',
      ],
    },
    {
      title: 'Credits and payment',
      body: [
        `Lift3D is paid with prepaid credits bought in packs; there is no subscription and nothing renews automatically. Each conversion — a 3D model or a 3D video — costs ${COST} credits (the price shown in the studio), whatever the format, and every format of a finished model is included in that price.`,
        {
          list: [
            'Prices are shown in euros at checkout and include any VAT we must charge.',
            'Payments are processed by PayPal; we never see or store your full card details.',
            'Credits are added to your balance as soon as the payment is confirmed.',
            'Credits never expire. They are tied to your account and cannot be transferred, resold or exchanged for cash.',
            'If a conversion fails on our side, the credits it cost are returned to your balance automatically.',
          ],
        },
      ],
    },
    {
      title: 'Refunds and the 7-day money-back guarantee',
      body: [
        `Every credit purchase comes with a 7-day money-back guarantee: if you are not satisfied, write to ${SUPPORT_EMAIL} within 7 days of the purchase and we will refund the price of the credits from that purchase that you have not used. Credits already spent on conversions are not refunded under the guarantee.`,
        'Apart from this guarantee, credits are non-refundable unless the law requires a refund — for example where a conversion you paid for could not be delivered, or where your local consumer law gives you a right that these terms cannot exclude. Nothing in these terms limits the rights you have as a consumer.',
        'Refunds go back to the original payment method, normally within 10 business days; the refunded credits are removed from your balance.',
      ],
    },
    {
      title: 'Your content',
      body: [
        'You keep all rights to the images you upload. You give Lift3D a limited licence to store and process each image only to make, store and deliver your conversion and to keep the service secure. We do not sell your images and we do not use them to train models.',
        'You confirm that you own each image or have the rights needed to convert it, and that uploading it does not break the law or the Acceptable Use Policy.',
      ],
    },
    {
      title: 'Generated models and your licence',
      body: [
        'The models, textures and videos made from your images belong to you to the extent the law allows. A commercial licence is included: you may use, modify, sell, print and publish them, in personal and commercial projects, without attribution and without further payment to us.',
        'Your rights in a generated model cannot be greater than your rights in the image it was made from: converting someone else’s artwork, logo or character does not give you rights to it.',
        'Because conversions are automatic, similar images can produce similar models, and we cannot promise that a model is unique or free of third-party rights.',
      ],
    },
    {
      title: 'Acceptable use',
      body: [
        'Use Lift3D lawfully and as described in our Acceptable Use Policy, which forms part of these terms. In short: no illegal content, no content you have no rights to, no attempts to harm the service or other people.',
      ],
    },
    {
      title: 'Availability and changes to the service',
      body: [
        'We work to keep Lift3D available at all times but cannot guarantee that it will be uninterrupted or error-free; maintenance and events outside our control can interrupt it. Conversions queued during an interruption are processed when the service is back, or their credits are returned.',
        'We improve the service continuously and may change or retire features. If we stop offering the service altogether we will tell you at least 30 days in advance and refund the value of your unused credits.',
      ],
    },
    {
      title: 'Disclaimers and limitation of liability',
      body: [
        'Generated models are provided as they are. Check a model before relying on it for anything critical — for example the dimensions of a part you intend to 3D-print.',
        'To the extent the law allows, Lift3D is not liable for indirect or consequential losses, lost profits or lost data, and our total liability for any claim is limited to the amount you paid us in the 12 months before the claim. None of this limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, or for fraud.',
      ],
    },
    {
      title: 'Suspension and termination',
      body: [
        'You may stop using Lift3D at any time and ask us to close your account. We may suspend or close an account that seriously or repeatedly breaks these terms; where we can, we will tell you why first and give you the chance to put it right.',
        'If we close your account without a breach on your part, we refund the value of your unused credits. If we close it because of a serious breach, unused credits may be forfeited where the law allows.',
      ],
    },
    {
      title: 'Changes, governing law and contact',
      body: [
        'We may update these terms; the date at the top shows the latest version. We will tell you about material changes by e-mail or in the app before they take effect, and they never apply to credits bought before the change in a way that reduces your rights.',
        `These terms are governed by the laws of France, without depriving you of the protection of the mandatory laws of the country where you live. Questions: ${LEGAL_EMAIL}.`,
      ],
    },
  ],
};
