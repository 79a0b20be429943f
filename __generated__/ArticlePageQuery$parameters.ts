/**
 * @generated SignedSource<<7f78325a34922a44763af3de6f934e2b>>
 * @relayHash 4018429e429246d90140c098105f95c6
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f67e734d534c5109ddd74ab57bdc0d29bd76fa0f9053d8840815fddd3279e22f

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "f67e734d534c5109ddd74ab57bdc0d29bd76fa0f9053d8840815fddd3279e22f",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
