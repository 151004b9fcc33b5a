import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Card } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { SUPPORT_TEXT, type SupportTopic } from '@common/texts/support';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { conversationsOf, supportMessagesQueryOptions, useMarkConversationRead } from '../api';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { NewRequestForm } from '../components/new-request-form';

/**
 * Customer Support (/messages, spec 001 §2): the member's conversations by topic on the left; on the right
 * the new-request form or the selected conversation. `onRead` lets the composer refresh the Support badge.
 */
export function SupportPage({ onRead }: { onRead: () => void }) {
  const messages = useQuery(supportMessagesQueryOptions);
  const conversations = useMemo(() => conversationsOf(messages.data ?? []), [messages.data]);
  const [selected, setSelected] = useState<SupportTopic | null>(null);
  // The topic just sent from the new-request form: its conversation opens with focus in the reply box.
  const [sentTopic, setSentTopic] = useState<SupportTopic | null>(null);
  const choose = (topic: SupportTopic | null) => {
    setSentTopic(null);
    setSelected(topic);
  };
  const conversation = conversations.find((entry) => entry.topic === selected) ?? null;
  const markRead = useMarkConversationRead(onRead);
  const readUpTo = useRef(new Map<SupportTopic, number>());
  const failed = messages.isError;

  useEffect(() => {
    if (failed)
      toast({ title: SUPPORT_TEXT.errorTitle, description: SUPPORT_TEXT.loadFailed, variant: 'destructive' });
  }, [failed]);

  // An open conversation is read: once per newest message, so polling does not repeat the call.
  const openTopic = conversation?.topic;
  const newestId = conversation?.last.id;
  const { mutate: markTopicRead } = markRead;
  useEffect(() => {
    if (!openTopic || newestId === undefined) return;
    if ((readUpTo.current.get(openTopic) ?? 0) >= newestId) return;
    readUpTo.current.set(openTopic, newestId);
    markTopicRead(openTopic);
  }, [openTopic, newestId, markTopicRead]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <header className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{SUPPORT_TEXT.title}</h1>
        <p className="text-muted-foreground">{SUPPORT_TEXT.intro}</p>
      </header>
      {messages.isPending ? (
        <PageSpinner label={SUPPORT_TEXT.title} />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(16rem,20rem)_1fr]">
          <Card className="p-3">
            <h2 className="mb-2 px-1 text-sm font-semibold text-muted-foreground">
              {SUPPORT_TEXT.conversations}
            </h2>
            {failed ? (
              <Alert variant="destructive">
                <AlertDescription>{SUPPORT_TEXT.loadFailed}</AlertDescription>
              </Alert>
            ) : (
              <ConversationList conversations={conversations} selected={selected} onSelect={choose} />
            )}
          </Card>
          <Card className="p-4 sm:p-6">
            {conversation ? (
              <ConversationView
                conversation={conversation}
                onNewMessage={() => choose(null)}
                focusReply={sentTopic === conversation.topic}
              />
            ) : (
              <NewRequestForm
                onSent={(topic) => {
                  setSentTopic(topic);
                  setSelected(topic);
                }}
              />
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
