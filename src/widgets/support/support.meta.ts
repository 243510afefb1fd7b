/** Public API of <tk-support> (pure data: defineWidget and custom-elements.json are generated from it). */
import { BASE_TOKENS, cssPropertiesOf } from '../_shared/theme-tokens';
import { COMMON_ATTRIBUTES } from '../_shared/widget-meta';
import type { WidgetMeta } from '../_shared/widget-meta';

/** The attributes, parts and tokens of <tk-support>. */
export const supportMeta: WidgetMeta = {
  tag: 'tk-support',
  summary: "Live chat with the brand's customer-service operators.",
  description:
    "The caller's conversation with the operators, newest message at the bottom: a text box (Enter sends, " +
    'Shift+Enter starts a new line) and one image per message (JPEG, PNG or HEIC, checked, converted and ' +
    "compressed before upload); each of the trader's messages shows sending, sent or read, a failed one a " +
    "resend; the operator's name once one took the conversation; a closed conversation offers a new one. " +
    'Signed in, the conversation is the account’s; a visitor gives a contact email first and the server keeps ' +
    'the conversation behind an HttpOnly cookie. Messages arrive live over the exchange socket (a visitor: a ' +
    'ticketed socket of its own) and are fetched again after every reconnect, so none is lost or shown twice. ' +
    'Text is shown as text.',
  attributes: [...COMMON_ATTRIBUTES],
  events: [],
  parts: [
    { name: 'base', description: 'The widget frame.' },
    { name: 'operator', description: 'Who answers: the operator’s name, or that the request waits.' },
    { name: 'list', description: 'The messages.' },
    { name: 'message', description: 'One message (`data-from` trader or operator).' },
    { name: 'image', description: 'The image of a message.' },
    { name: 'composer', description: 'The text box, image picker and send button.' },
    { name: 'input', description: 'The text box.' },
    { name: 'attach', description: 'The image picker button.' },
    { name: 'send', description: 'The send button.' },
    { name: 'email', description: "A visitor's contact email step." },
    { name: 'closed', description: 'The closed notice and its new-conversation button.' },
  ],
  cssProperties: cssPropertiesOf([...BASE_TOKENS]),
};
