import { createRoute } from '@hono/zod-openapi';
import {
  adConversationSchema,
  conversationDetailSchema,
  conversationListSchema,
  markReadResultSchema,
  messageInputSchema,
  sentMessageSchema,
  unreadCountSchema,
} from '../../common/schemas/messages';
import type { Services } from '../app-env';
import { getViewer, requireViewer } from '../auth/viewer';
import { createApiRouter } from '../http/api-app';
import { clientIp } from '../http/client-ip';
import {
  buyerConversationOfAd,
  contactSeller,
  listConversations,
  loadConversation,
  markConversationRead,
  replyInConversation,
  unreadMessages,
} from '../interactions/conversations';
import { authorize } from '../policies/policies';
import { withSafety } from '../scam/message-safety';
import { errorResponses, idParams, json, jsonBodyLimit, signedInFirst, tooManyResponse } from './openapi-kit';

/** A message is at most 2,000 characters; a body far bigger is refused before it is read. */
const messageBodyLimit = jsonBodyLimit(32 * 1024);
const tags = ['messages'];

const contact = createRoute({
  method: 'post',
  path: '/ads/{id}/messages',
  tags,
  summary: "Write to an ad's seller; the receiver is the ad's owner, whatever the body says",
  middleware: [signedInFirst, messageBodyLimit] as const,
  request: { params: idParams, body: { ...json(messageInputSchema), required: true } },
  responses: {
    201: { description: 'Sent', ...json(sentMessageSchema) },
    ...errorResponses,
    ...tooManyResponse,
  },
});

const ofAd = createRoute({
  method: 'get',
  path: '/ads/{id}/conversation',
  tags,
  summary:
    "The caller's own conversation about the ad (as its buyer) with its newest messages, or null before the first",
  middleware: [signedInFirst] as const,
  request: { params: idParams },
  responses: {
    200: { description: 'The conversation, or null', ...json(adConversationSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const list = createRoute({
  method: 'get',
  path: '/conversations',
  tags,
  summary: "The caller's conversations, newest activity first",
  responses: {
    200: { description: 'Conversations', ...json(conversationListSchema) },
    401: errorResponses[401],
  },
});

const getOne = createRoute({
  method: 'get',
  path: '/conversations/{id}',
  tags,
  summary: 'One of the caller’s conversations with its messages, oldest first',
  request: { params: idParams },
  responses: {
    200: { description: 'The conversation', ...json(conversationDetailSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const reply = createRoute({
  method: 'post',
  path: '/conversations/{id}/messages',
  tags,
  summary: 'Reply in a conversation; the receiver is its other side',
  middleware: [signedInFirst, messageBodyLimit] as const,
  request: { params: idParams, body: { ...json(messageInputSchema), required: true } },
  responses: {
    201: { description: 'Sent', ...json(sentMessageSchema) },
    ...errorResponses,
    ...tooManyResponse,
  },
});

const markRead = createRoute({
  method: 'post',
  path: '/conversations/{id}/read',
  tags,
  summary: 'Marks the messages the caller received in the conversation as read',
  request: { params: idParams },
  responses: {
    200: { description: 'How many were marked', ...json(markReadResultSchema) },
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

const unread = createRoute({
  method: 'get',
  path: '/me/unread',
  tags,
  summary: 'How many messages the caller received and has not read (the top bar counter)',
  responses: { 200: { description: 'Counts', ...json(unreadCountSchema) }, 401: errorResponses[401] },
});

/** Issue 30: each message with what it says to the caller about its risks (server/scam/message-safety.ts). */
async function withMessageSafety<C extends { messages: Array<{ id: string }> }>(
  db: Services['db'],
  viewerId: string,
  conversation: C,
): Promise<C> {
  return { ...conversation, messages: await withSafety(db, viewerId, conversation.messages) };
}

export function conversationsRoutes(services: Services) {
  const { db } = services;
  return createApiRouter()
    .openapi(contact, async (c) => {
      const viewer = await getViewer(c);
      const { id } = c.req.valid('param');
      const ip = clientIp(c, services.config.trustProxy);
      const sent = await contactSeller(services, viewer, id, c.req.valid('json'), ip);
      // Sending succeeded, so the caller is signed in (the policy refused visitors).
      const [message] = await withSafety(db, viewer?.id ?? '', [sent.message]);
      return c.json({ ...sent, message: message ?? sent.message }, 201);
    })
    .openapi(ofAd, async (c) => {
      const viewer = await requireViewer(c);
      const { conversation } = await buyerConversationOfAd(db, viewer, c.req.valid('param').id);
      return c.json(
        { conversation: conversation && (await withMessageSafety(db, viewer.id, conversation)) },
        200,
      );
    })
    .openapi(list, async (c) => {
      const items = await listConversations(db, await getViewer(c));
      return c.json({ items }, 200);
    })
    .openapi(getOne, async (c) => {
      const viewer = await requireViewer(c);
      const conversation = await loadConversation(db, viewer, c.req.valid('param').id);
      return c.json(await withMessageSafety(db, viewer.id, conversation), 200);
    })
    .openapi(reply, async (c) => {
      const viewer = await getViewer(c);
      const { id } = c.req.valid('param');
      const ip = clientIp(c, services.config.trustProxy);
      const sent = await replyInConversation(services, viewer, id, c.req.valid('json').body, ip);
      // Sending succeeded, so the caller is signed in (the policy refused visitors).
      const [message] = await withSafety(db, viewer?.id ?? '', [sent.message]);
      return c.json({ ...sent, message: message ?? sent.message }, 201);
    })
    .openapi(markRead, async (c) => {
      const viewer = await requireViewer(c);
      return c.json(await markConversationRead(db, viewer, c.req.valid('param').id), 200);
    })
    .openapi(unread, async (c) => {
      const viewer = await getViewer(c);
      authorize(viewer, 'conversations.list');
      return c.json({ messages: await unreadMessages(db, viewer.id) }, 200);
    });
}
