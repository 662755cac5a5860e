/**
 * The script the stand-in serves at /js/v2 (MERCADOPAGO_SDK_URL points at it in tests and e2e): a
 * `window.MercadoPago` with the calls of the real SDK v2 our checkout uses. Like the real one, it
 * sends the card straight to the provider's token endpoint, so the number never reaches our API.
 */
export function browserSdkScript(apiUrl: string): string {
  return `(function () {
  'use strict';
  var API = ${JSON.stringify(apiUrl)};
  function call(method, path, body) {
    return fetch(API + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) {
          var causes = (json && json.cause) || [];
          // The real SDK rejects with the list of causes ({ code, message }).
          throw causes.map(function (cause) { return { code: String(cause.code), message: cause.description || json.message }; });
        }
        return json;
      });
    });
  }
  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new TypeError('MercadoPago must be called with new');
    if (!publicKey) throw new Error('MercadoPago needs a public key');
    this.publicKey = publicKey;
    this.options = options || {};
  }
  MercadoPago.prototype.createCardToken = function (data) {
    var year = String(data.cardExpirationYear || '');
    return call('POST', '/v1/card_tokens?public_key=' + encodeURIComponent(this.publicKey), {
      card_number: String(data.cardNumber || '').replace(/\\D/g, ''),
      security_code: String(data.securityCode || ''),
      expiration_month: Number(data.cardExpirationMonth),
      expiration_year: Number(year.length === 2 ? '20' + year : year),
      cardholder: {
        name: data.cardholderName,
        identification: data.identificationNumber
          ? { type: data.identificationType, number: String(data.identificationNumber).replace(/\\D/g, '') }
          : undefined,
      },
    });
  };
  MercadoPago.prototype.getPaymentMethods = function (query) {
    return call('GET', '/v1/payment_methods/search?public_key=' + encodeURIComponent(this.publicKey) + '&bins=' + encodeURIComponent(String(query && query.bin || '').slice(0, 8)));
  };
  window.MercadoPago = MercadoPago;
})();
`;
}
