import type { SessionsFrame, SocketEvent } from '@outpost/shared';

type EventFrame = Extract<SessionsFrame, { sessions: number[] }>;

/**
 * The frames a sessions socket owes the panel, written once per event-loop turn. Every session
 * watching a server is handed the same console batch (one array from the console buffer) within a
 * turn; the outbox sends it once, naming all of them, so twenty viewers cost the node and the panel
 * one frame. A session's frames keep their order: a batch joins an earlier frame only if nothing
 * for that session was queued after it.
 */
export class SessionOutbox {
  private frames: SessionsFrame[] = [];
  private scheduled = false;

  constructor(private readonly write: (frames: SessionsFrame[]) => void) {}

  event(session: number, event: SocketEvent): void {
    if (event.type === 'console') {
      for (let i = this.frames.length - 1; i >= 0; i--) {
        const frame = this.frames[i];
        if (isSameBatch(frame, event)) {
          frame.sessions.push(session);
          return;
        }
        if (concerns(frame, session)) break;
      }
    }
    this.push({ sessions: [session], event });
  }

  push(frame: SessionsFrame): void {
    this.frames.push(frame);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const frames = this.frames;
    this.frames = [];
    this.write(frames);
  };
}

function isSameBatch(frame: SessionsFrame, event: Extract<SocketEvent, { type: 'console' }>): frame is EventFrame {
  if (!('sessions' in frame) || frame.event.type !== 'console') return false;
  return frame.event.data.logs === event.data.logs && frame.event.data.epoch === event.data.epoch;
}

function concerns(frame: SessionsFrame, session: number): boolean {
  if ('sessions' in frame) return frame.sessions.includes(session);
  if ('opened' in frame) return frame.opened === session;
  if ('refused' in frame) return frame.refused === session;
  return frame.closed === session;
}
