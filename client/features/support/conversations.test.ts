import type { SupportMessage } from '@common/schemas/support';
import { describe, expect, it } from 'vitest';
import { conversationsOf } from './api';

const message = (id: number, topic: SupportMessage['topic'], isFromAdmin = false): SupportMessage => ({
  id,
  userId: 7,
  username: 'maya',
  topic,
  message: `message ${id}`,
  resolved: false,
  isFromAdmin,
  createdAt: new Date(Date.UTC(2030, 0, id)).toISOString(),
});

describe('conversationsOf', () => {
  it('groups by topic, oldest first inside, the most recently active conversation first', () => {
    // The API answers newest first.
    const conversations = conversationsOf([
      message(5, 'payment', true),
      message(4, 'account'),
      message(3, 'payment'),
      message(1, 'account'),
    ]);
    expect(conversations.map((conversation) => conversation.topic)).toEqual(['payment', 'account']);
    expect(conversations[0]?.messages.map((entry) => entry.id)).toEqual([3, 5]);
    expect(conversations[0]?.last.isFromAdmin).toBe(true);
    expect(conversations[1]?.messages.map((entry) => entry.id)).toEqual([1, 4]);
  });

  it('has no conversation without messages', () => {
    expect(conversationsOf([])).toEqual([]);
  });
});
