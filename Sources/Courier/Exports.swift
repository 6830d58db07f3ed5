// `import Courier` is enough to name `HTTPRequest.Method`, `HTTPResponse.Status` and `HTTPField.Name`,
// which Courier's public API is made of: no second package in an app's manifest for them.
@_exported import HTTPTypes
