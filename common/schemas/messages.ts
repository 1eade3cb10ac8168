import { z } from 'zod';
import { MESSAGE_MAX } from '../limits';
import { accountMarksSchema, messageSafetySchema } from '../scam/safety';
import { offerSchema, offerStepSchema } from './deals';
import { multiLineText } from './text';

// Messages are keys of the `validation` catalog (see schemas/auth.ts).

/** A message to a seller or a reply: only the text; sender and receiver come from the session and the ad. */
export const messageInputSchema = z.object({
  body: multiLineText({ error: 'messageRequired' }).min(1, 'messageRequired').max(MESSAGE_MAX, 'messageMax'),
  /**
   * Issue 29: the buyer's attestation (purchase authorisation held or to be obtained), needed with a
   * first message about an ad in the authorisation category; ignored elsewhere.
   */
  attestation: z.boolean({ error: 'invalid' }).optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export const MESSAGE_DIRECTIONS = ['sent', 'received'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Seen from the caller: 'sent' by them or 'received' by them. */
  direction: z.enum(MESSAGE_DIRECTIONS),
  /** Null while the receiver has not opened the conversation. */
  readAt: z.string().nullable(),
  /** Issue 30: the recipient's warning, the seller's new-account tip, the sender's note; absent when none. */
  safety: messageSafetySchema.optional(),
  /** Issue 28: the message is a step of an offer (made, countered, accepted...), drawn as a card. */
  offer: offerStepSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The ad's id is null once the ad is deleted; its title is kept. */
  /** `sold`: the ad was sold meanwhile (issue 26), which the list and the conversation say. */
  ad: z.object({ id: z.string().nullable(), title: z.string(), sold: z.boolean() }),
  /** The caller's side: the buyer wrote first, the seller owns the ad. */
  role: z.enum(['buyer', 'seller']),
  /** Issue 30: `newAccount` ("Cont nou", younger than 30 days) and `emailVerified`; both false once erased. */
  otherParty: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    ...accountMarksSchema.shape,
  }),
  lastMessage: z
    .object({
      body: z.string(),
      createdAt: z.string(),
      direction: z.enum(MESSAGE_DIRECTIONS),
      /** Issue 28: the last message is a step of an offer. */
      offer: offerStepSchema.nullable(),
    })
    .nullable(),
  /** Messages received by the caller and not read yet. */
  unread: z.number(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({ items: z.array(conversationSummarySchema) });
export type ConversationList = z.infer<typeof conversationListSchema>;

/** One conversation with its messages, oldest first. */
export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(messageSchema),
  /** Issue 29: when the buyer attested holding, or going to obtain, the purchase authorisation; else null. */
  buyerAttestedAt: z.string().nullable(),
  /** Issue 28: the offers made in this conversation, oldest first, with what the caller may do. */
  offers: z.array(offerSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/**
 * The ad page's contact box: the caller's own conversation about the ad as its buyer, with its newest
 * messages (oldest first), or null before they have written. The box then continues it.
 */
export const adConversationSchema = z.object({ conversation: conversationDetailSchema.nullable() });
export type AdConversation = z.infer<typeof adConversationSchema>;

export const sentMessageSchema = z.object({ conversationId: z.string(), message: messageSchema });
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const markReadResultSchema = z.object({ updated: z.number() });

export const unreadCountSchema = z.object({ messages: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
