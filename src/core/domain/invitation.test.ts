import { describe, expect, it } from 'vitest';
import { inviteCodeOf, inviteLink, maskUid } from './invitation';

describe('inviteLink', () => {
  it.each([
    ['https://a.example', 'AB12CD34', 'https://a.example/register?inviteCode=AB12CD34'],
    ['https://a.example/', 'AB12CD34', 'https://a.example/register?inviteCode=AB12CD34'],
    ['http://localhost:5173', 'x y', 'http://localhost:5173/register?inviteCode=x%20y'],
  ])('%s with %s is %s', (origin, code, link) => expect(inviteLink(origin, code)).toBe(link));
});

describe('inviteCodeOf', () => {
  it.each([
    ['AB12CD34', 'AB12CD34'],
    [' ab12cd34 ', 'AB12CD34'],
    ['ABCD', 'ABCD'],
    ['ABC', ''],
    ['A'.repeat(17), ''],
    ['AB12-CD34', ''],
    ['<script>', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s reads as %j', (value, code) => expect(inviteCodeOf(value)).toBe(code));
});

describe('maskUid', () => {
  it.each([
    ['12345678', '12****78'],
    ['98765', '98*65'],
    ['1234', '****'],
    ['12', '**'],
    ['', ''],
  ])('%s masks to %s', (uid, masked) => expect(maskUid(uid)).toBe(masked));
});
