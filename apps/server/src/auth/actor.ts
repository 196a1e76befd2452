/**
 * Who a service acts for: the one Actor type every service and policy takes (a signed-in person;
 * `Actor | null` where anonymous visitors may call). Routes get it from the session (viewer.ts).
 */
export type Actor = { id: string; displayName: string; isAdmin: boolean };
