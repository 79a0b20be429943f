/**
 * @generated SignedSource<<d2f71863dd62db3ccca3c298c84cfc18>>
 * @relayHash eaf9f081e33aeba1754606705a86c507
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 5ed83b6fae599a0566e19f41f41ab3616703dd58bc63fbad1177537c180a7ba9

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "5ed83b6fae599a0566e19f41f41ab3616703dd58bc63fbad1177537c180a7ba9",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
