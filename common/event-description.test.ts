import { describe, expect, it } from 'vitest';
import { eventDescription } from './event-description';

describe('eventDescription', () => {
  it("reads 'event at venue, city'", () => {
    expect(eventDescription('Aurora Skies', 'The Fillmore', 'Denver')).toBe(
      'Aurora Skies at The Fillmore, Denver',
    );
  });

  it('names the venue once when the show is already named after it', () => {
    expect(eventDescription('Nova Reyes at Xcel Energy Center', 'Xcel Energy Center', 'Saint Paul')).toBe(
      'Nova Reyes at Xcel Energy Center, Saint Paul',
    );
    expect(eventDescription('Nova Reyes at xcel energy center', 'Xcel Energy Center', 'Saint Paul')).toBe(
      'Nova Reyes at xcel energy center, Saint Paul',
    );
  });

  it('still names a venue that the show name only mentions in passing', () => {
    expect(eventDescription('Live at Red Rocks Revisited', 'Red Rocks Amphitheatre', 'Morrison')).toBe(
      'Live at Red Rocks Revisited at Red Rocks Amphitheatre, Morrison',
    );
  });
});
