// `APIContract` and its problems are the generator's; a user of the middleware imports this module alone.
@_exported import struct CourierGenerator.APIContract
@_exported import struct CourierGenerator.ContractProblem
