import { UNMATCHED_ROUTE } from './routing';
import { requestAttributes } from './http-metrics';

describe('http.server.request.duration attributes', () => {
  it('name the route template, method, status and status class', () => {
    expect(requestAttributes('GET', '/api/v1/sessions/:sessionId', 200)).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/v1/sessions/:sessionId',
      'http.response.status_code': 200,
      'http.response.status_class': '2xx',
    });
  });

  it('give requests no route answered one label, and unknown methods _OTHER, so clients cannot mint series', () => {
    expect(requestAttributes('BREW', undefined, 404)).toMatchObject({
      'http.request.method': '_OTHER',
      'http.route': UNMATCHED_ROUTE,
      'http.response.status_class': '4xx',
    });
  });
});
