/** Customer support, /messages (spec 001 §2 Customer Support, §5 support request, §8 Support toasts). */
export const SUPPORT_TOPICS = [
  'account',
  'tickets',
  'payment',
  'transfer',
  'refund',
  'security',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  account: 'Account Issues',
  tickets: 'Ticket Problems',
  payment: 'Payment Questions',
  transfer: 'Transfer Problems',
  refund: 'Refund Requests',
  security: 'Security Concerns',
  other: 'Other Questions',
};

export const SUPPORT_TEXT = {
  title: 'Customer Support',
  intro: 'Questions about an account, a ticket or a payment? Write to the Support Team.',
  conversations: 'Your conversations',
  emptyTitle: 'No conversations yet',
  emptyBody: 'Start a new conversation using the form',
  newRequestTitle: 'New Support Request',
  topicLabel: 'Topic',
  topicPlaceholder: 'Select a topic',
  messageLabel: 'Message',
  messagePlaceholder: 'Describe your question or problem...',
  sendMessage: 'Send Message',
  sending: 'Sending...',
  newMessage: 'New Message',
  supportTeam: 'Support Team',
  you: 'You',
  replyLabel: 'Reply',
  replyPlaceholder: 'Type your reply...',
  sendReply: 'Send Reply',
  resolved: 'Resolved',
  pending: 'Pending',
  unread: (count: number) => `${count} unread ${count === 1 ? 'reply' : 'replies'}`,
  characterCount: (length: number, max: number) => `${length}/${max}`,
  // Validation (spec 001 §5).
  topicRequired: 'Please select a topic for your support request',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message cannot exceed 1000 characters',
  replyBlank: 'Message cannot be empty',
  // Toasts (spec 001 §8).
  loadFailed: 'Failed to load your messages. Please try again later.',
  sendFailed: 'Failed to send your message. Please try again.',
  replyFailed: 'Failed to send your reply. Please try again.',
  sentTitle: 'Message Sent',
  sent: 'Your message has been sent to the support team.',
  replySentTitle: 'Reply Sent',
  replySent: 'Your reply has been sent to the support team.',
  errorTitle: 'Error',
  // Server answers.
  notFound: 'Support message not found',
  tooMany: 'You are sending messages too quickly. Please wait a minute and try again.',
  mailSubject: 'The Support Team answered your message',
} as const;
