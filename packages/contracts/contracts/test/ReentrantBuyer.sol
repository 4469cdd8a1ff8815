// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {MeeetMarket} from "../MeeetMarket.sol";

/// @notice Test-only attacker: when the market hands it a token, it calls back into the market
/// (buy or leaveQueue) from the receiver hook. The market's guard must refuse the re-entry.
contract ReentrantBuyer is IERC721Receiver {
    enum Attack {
        None,
        Buy,
        LeaveQueue
    }

    MeeetMarket private immutable _market;
    Attack private _attack;
    uint8 private _attackLevel;

    constructor(MeeetMarket market_, IERC20 usdt_) {
        _market = market_;
        usdt_.approve(address(market_), type(uint256).max);
    }

    function setAttack(Attack attack, uint8 level) external {
        _attack = attack;
        _attackLevel = level;
    }

    function buy(uint8 level) external {
        _market.buy(level);
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        if (_attack == Attack.Buy) _market.buy(_attackLevel);
        else if (_attack == Attack.LeaveQueue) _market.leaveQueue(_attackLevel);
        return IERC721Receiver.onERC721Received.selector;
    }
}
