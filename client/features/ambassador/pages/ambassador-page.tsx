import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { cn } from '@client/lib/cn';
import { useCurrentUser } from '@client/lib/session';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { topicsQueryOptions } from '../api';
import { AttendeeSearch } from '../components/attendee-search';
import { ChatPane } from '../components/chat-pane';
import { NewTopicDialog } from '../components/new-topic-dialog';
import { TopicList } from '../components/topic-list';

/**
 * The chat tab: topics beside the selected topic's messages on a desktop; on a phone the topic list, or the
 * selected topic with a way back. The first topic is selected when none is chosen (spec 001 §2).
 */
function GroupChat({ viewerId }: { viewerId: number }) {
  const topics = useQuery(topicsQueryOptions);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [phoneShowsChat, setPhoneShowsChat] = useState(false);
  const [creating, setCreating] = useState(false);
  const newTopicButton = useRef<HTMLButtonElement>(null);
  // A topic just created: its chat opens with focus in the composer.
  const [composeInTopicId, setComposeInTopicId] = useState<number | null>(null);
  const list = topics.data ?? [];
  const selected = list.find((topic) => topic.id === chosenId) ?? list[0] ?? null;

  function select(topicId: number) {
    setChosenId(topicId);
    setPhoneShowsChat(true);
  }

  if (topics.isPending) return <PageSpinner label={AMBASSADOR_TEXT.topics} />;
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(14rem,18rem)_1fr]">
      <Card className={cn('flex flex-col gap-3 p-3', phoneShowsChat && selected ? 'hidden md:flex' : '')}>
        <div className="flex items-center justify-between gap-2 px-1">
          <h2 className="font-semibold">{AMBASSADOR_TEXT.topics}</h2>
          <Button ref={newTopicButton} type="button" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {AMBASSADOR_TEXT.newTopic}
          </Button>
        </div>
        {topics.isError ? (
          <p role="alert" className="px-1 text-sm text-destructive">
            {AMBASSADOR_TEXT.loadFailed}
          </p>
        ) : (
          <TopicList topics={list} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </Card>
      {selected ? (
        <Card className={cn('p-3 sm:p-4', phoneShowsChat ? '' : 'hidden md:block')}>
          <ChatPane
            topic={selected}
            viewerId={viewerId}
            onBack={() => setPhoneShowsChat(false)}
            focusComposer={composeInTopicId === selected.id}
            onComposerFocused={() => setComposeInTopicId(null)}
          />
        </Card>
      ) : null}
      <NewTopicDialog
        open={creating}
        onOpenChange={setCreating}
        returnFocusTo={newTopicButton}
        onCreated={(topic) => {
          setComposeInTopicId(topic.id);
          select(topic.id);
        }}
      />
    </div>
  );
}

/** The ambassador dashboard (/ambsd, spec 001 §2): AMBSD and admins, guarded by the route. */
export function AmbassadorPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{AMBASSADOR_TEXT.title}</h1>
      <Tabs defaultValue="chat" className="flex flex-col gap-4">
        <TabsList className="self-start">
          <TabsTrigger value="chat">{AMBASSADOR_TEXT.chatTab}</TabsTrigger>
          <TabsTrigger value="search">{AMBASSADOR_TEXT.searchTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="chat">
          <GroupChat viewerId={user.id} />
        </TabsContent>
        <TabsContent value="search">
          <AttendeeSearch />
        </TabsContent>
      </Tabs>
    </div>
  );
}
