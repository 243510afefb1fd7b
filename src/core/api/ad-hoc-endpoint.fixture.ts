/**
 * Tests of the API client's mechanics call made-up paths: an ad-hoc declaration with the contract's access
 * rule (`waa/` paths and the exchange are protected, the rest public) and no schema.
 */
import { endpoint, type Method, type Service } from '../contract/endpoint';
import { T } from '../contract/schema';

export function adHocEndpoint(
  service: Exclude<Service, 'admin' | 'site'>,
  path: string,
  methods: Method[] = ['POST', 'GET'],
) {
  const access =
    service === 'exchange'
      ? 'exchange'
      : service === 'api' && /^\/?waa\//.test(path)
        ? 'protected'
        : 'public';
  return endpoint({
    service,
    path,
    access,
    methods,
    summary: '',
    input: T.Unknown(),
    data: T.Unknown(),
    codes: [],
  });
}
