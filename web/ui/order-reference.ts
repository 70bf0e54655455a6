/**
 * How an order is named on screen, to its organizer and its buyer alike: the start of its id, which is what organizers
 * read out on the phone. The search takes the whole id (copied from the address), never this short form alone.
 */
export const orderReference = (id: string) => id.slice(0, 8).toUpperCase();
