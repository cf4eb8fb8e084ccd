import {
  CONTACT_MESSAGE_STATUSES,
  StaffMessageReplyResponseSchema,
  StaffMessageResponseSchema,
  StaffMessagesResponseSchema,
  type StaffMessage,
  type StaffMessageRow,
} from '@cadran/domain/staff-messages';
import {
  NEWSLETTER_STATUSES,
  StaffNewsletterResponseSchema,
  type StaffSubscriber,
} from '@cadran/domain/staff-newsletter';
import {
  StaffTemplateResponseSchema,
  StaffTemplatesResponseSchema,
  type StaffTemplate,
} from '@cadran/domain/staff-templates';

/**
 * The staff API's answers about the catalogue, messages and the newsletter, read with the
 * server's own schemas (docs/product.md 'Back office' ('Staff API')).
 */
export {
  CONTACT_MESSAGE_STATUSES as MESSAGE_STATUSES,
  NEWSLETTER_STATUSES,
  StaffMessageReplyResponseSchema as ReplyAnswerSchema,
  StaffMessageResponseSchema as MessageDetailSchema,
  StaffMessagesResponseSchema as MessagesPageSchema,
  StaffNewsletterResponseSchema as NewsletterPageSchema,
  StaffTemplateResponseSchema as TemplateAnswerSchema,
  StaffTemplatesResponseSchema as TemplatesAnswerSchema,
};
export type Template = StaffTemplate;
export type MessageRow = StaffMessageRow;
export type MessageDetail = StaffMessage;
export type Subscriber = StaffSubscriber;
