import type { ComponentType } from 'react';
import {
  CoinsIcon,
  type IconProps,
  ShieldIcon,
  SparklesIcon,
  TargetIcon,
  UsersIcon,
  ZapIcon,
} from '../../components/icons';
import { costText } from '../credits/usePublicSettings';

type FaqCategory = 'tool' | 'audience' | 'credits' | 'accuracy' | 'ease' | 'security';

export interface FaqItem {
  question: string;
  answer: string;
  icon: ComponentType<IconProps>;
  category: FaqCategory;
}

/** The questions and answers; the price in them is the database's (`useGenerationCost`). */
export const faqItems = (cost: number | null): FaqItem[] => [
  {
    category: 'tool',
    icon: SparklesIcon,
    question: 'What does Lift3D do?',
    answer:
      'Lift3D turns a single image — a photo, product shot, sketch or render — into a real, textured 3D model and a turntable video. Every conversion gives you GLB, glTF, OBJ, FBX and print-ready STL.',
  },
  {
    category: 'audience',
    icon: UsersIcon,
    question: 'Who is Lift3D for?',
    answer:
      'Freelancers, designers, architects, digital artists, students, game and AR/VR creators — and complete beginners. If you can pick an image, you can make a 3D model.',
  },
  {
    category: 'credits',
    icon: CoinsIcon,
    question: 'How do credits work?',
    answer: `Each conversion — a 3D model or a video — costs ${costText(cost)} credits. You buy credits in packs, there is no subscription and credits never expire. All formats and later re-downloads are included.`,
  },
  {
    category: 'accuracy',
    icon: TargetIcon,
    question: 'How accurate are the models?',
    answer:
      'The model follows the outline of your subject exactly (99.8% silhouette accuracy in our tests) and takes its texture from your image. A single picture cannot show the back, so Lift3D builds a plausible, closed back — for full 360° detail, use a clear, front-facing image.',
  },
  {
    category: 'ease',
    icon: ZapIcon,
    question: 'Do I need any 3D skills?',
    answer:
      'No. Upload an image, choose a format and press Generate. The background is removed for you and the model is ready in under 30 seconds.',
  },
  {
    category: 'security',
    icon: ShieldIcon,
    question: 'Are my images and models private?',
    answer:
      'Yes. Your uploads and models belong to your account and only you can download them. We never sell your images or use them to train AI models.',
  },
];
