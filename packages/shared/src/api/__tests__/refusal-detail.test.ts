import { ApiError, refusalDetail } from '../api-error';

describe('refusalDetail', () => {
  it("is the server's reason for a refused request", () => {
    expect(refusalDetail(new ApiError(400, 'q: must be at most 200 characters'))).toBe('q: must be at most 200 characters');
    expect(refusalDetail(new ApiError(409, 'name: you already have a view with this name here'))).toBe('name: you already have a view with this name here');
  });

  it('is nothing for an outage, a lost session or a refusal without a reason', () => {
    expect(refusalDetail(new ApiError(500, 'Internal Server Error'))).toBeUndefined();
    expect(refusalDetail(new ApiError(503, undefined))).toBeUndefined();
    expect(refusalDetail(new ApiError(401, 'Session expired'))).toBeUndefined();
    expect(refusalDetail(new ApiError(400, undefined))).toBeUndefined();
    expect(refusalDetail(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
