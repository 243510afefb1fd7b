/** Public API of <tk-verification> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, NOTICE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES, navigateEvent } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, events, parts and tokens of <tk-verification>. */
export const verificationMeta: WidgetMeta = {
  tag: 'tk-verification',
  summary: 'Identity verification of the signed-in user at the junior or the advanced level.',
  description:
    'The verification page of one level: its status (not verified, under review, verified, failed with the ' +
    'operator’s reason, which arrives live), and in the statuses that allow it the form filled with the ' +
    'submitted data: real name and id number; at the advanced level also the document type (brands with ' +
    '`twoTypeVerified`), the email for verification (brands with `addVerifiedEmail`) and three photos ' +
    '(front, back, a selfie holding the document) with their previews, refused above 10 MB, HEIC converted ' +
    'and large photos compressed before they are sent. A verified level shows its data read-only. A level ' +
    'the brand does not offer shows a notice. Signed out, it shows a sign-in prompt.',
  attributes: [
    {
      name: 'level',
      prop: 'level',
      type: 'string',
      values: ['junior', 'advanced'],
      default: "'advanced'",
      description: 'The level: `junior` (name and id number) or `advanced` (also the document’s photos).',
    },
    ...COMMON_ATTRIBUTES,
  ],
  events: [
    navigateEvent(
      'Asks the page to go to `/login?to=/user/verified` or `/login?to=/user/juniorVerified` (signed out). ' +
        'Bubbles, is composed and cancelable.',
    ),
  ],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'header', description: 'The title.' },
    { name: 'status', description: 'The status, with the reason of a rejection.' },
    { name: 'form', description: 'The form of a level that may be (re)submitted.' },
    { name: 'input', description: 'A text field or the document type.' },
    { name: 'image', description: 'One document photo: its label, picker and message.' },
    { name: 'image-picker', description: 'The button that picks a photo and shows its preview.' },
    { name: 'submit', description: 'The done button.' },
    { name: 'data', description: 'The verified data, read-only.' },
    { name: 'error', description: 'The load failure with its retry button.' },
    { name: 'signed-out', description: 'The sign-in prompt.' },
    { name: 'unavailable', description: 'The notice of a level the brand does not offer.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS, ...NOTICE_TOKENS]),
};
