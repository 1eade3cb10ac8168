import { OfferCard } from '@web/features/deals/offer-card';
import { ConversationPage } from '@web/features/messages/conversation-page';
import { useTranslation } from '@web/lib/use-translation';

/** Dashboard › Messages › one conversation, with offers drawn as the deals feature's cards (issue 28). */
export function ConversationRoute() {
  useTranslation(['messages', 'deals']);
  return (
    <ConversationPage
      renderOffer={(message, conversation) => <OfferCard message={message} conversation={conversation} />}
    />
  );
}
