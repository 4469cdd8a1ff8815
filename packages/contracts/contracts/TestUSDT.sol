// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test USDT for local chains only
/// @notice Anyone may mint, which is exactly why it must never be deployed to a public network;
/// 18 decimals like USDT on BSC.
contract TestUSDT is ERC20 {
    constructor() ERC20("Test Tether USD", "USDT") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
