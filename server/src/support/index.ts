/** The support module's entry: what the exchange socket module uses of it (pushes, presence, visitor tickets). */
export type {
  SupportInboxPush,
  SupportPush,
  SupportPresence,
  SupportService,
  SupportTarget,
} from './service';
export type { VisitorService } from './visitors';
