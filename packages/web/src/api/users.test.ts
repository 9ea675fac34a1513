// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { userListUrl } from './users';

describe('the user list query', () => {
  it('pages by 10 and searches usernames with *text*, or emails when the text holds an @', () => {
    expect(userListUrl(1, '')).toBe('/api/users?page=1&limit=10');
    expect(userListUrl(2, ' bob ')).toBe('/api/users?page=2&limit=10&username=*bob*');
    expect(userListUrl(1, '@example.com')).toBe('/api/users?page=1&limit=10&email=*%40example.com*');
    expect(userListUrl(1, 'a&b=c')).toBe('/api/users?page=1&limit=10&username=*a%26b%3Dc*');
  });
});
