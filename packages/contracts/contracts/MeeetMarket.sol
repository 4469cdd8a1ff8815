// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {MeeetToken} from "./MeeetToken.sol";

/// @title MEEET market
/// @notice Sells tokens at fixed USDT prices. Tokens of a level that the market holds are its
/// stock, sold first in, first out. With no stock a buyer joins the level's queue and prepays
/// in full; the next token of that level reaching the market goes to the queue's head at once.
/// On every sale of a token minted after a meeting, 40% of the price goes to its two
/// generators in equal halves and the rest to the treasury; genesis stock pays the treasury.
contract MeeetMarket is AccessControl, Pausable, ReentrancyGuard, IERC721Receiver {
    using SafeERC20 for IERC20;

    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant TREASURER_ROLE = keccak256("TREASURER_ROLE");
    uint8 public constant LEVEL_COUNT = 3;
    uint256 public constant GENERATORS_PAYOUT_PERCENT = 40;

    // USDT on BSC has 18 decimals.
    uint256 private constant SILVER_PRICE = 100e18;
    uint256 private constant GOLD_PRICE = 1_000e18;
    uint256 private constant PLATINUM_PRICE = 10_000e18;

    struct Fifo {
        uint256 head;
        uint256 tail;
        mapping(uint256 index => uint256 tokenId) items;
    }

    // Doubly linked by address so leaving from the middle is O(1); an address is queued at
    // most once per level, which makes it a usable key.
    struct BuyerQueue {
        address head;
        address tail;
        uint256 length;
        mapping(address buyer => address) next;
        mapping(address buyer => address) prev;
        mapping(address buyer => uint256 amount) prepaid;
    }

    MeeetToken private immutable _token;
    IERC20 private immutable _usdt;
    address private _treasury;
    mapping(uint8 level => Fifo) private _stock;
    mapping(uint8 level => BuyerQueue) private _queues;

    event Purchased(uint8 indexed level, address indexed buyer, uint256 indexed tokenId, uint256 price);
    event Queued(uint8 indexed level, address indexed buyer, uint256 position);
    event QueueServed(uint8 indexed level, address indexed buyer, uint256 indexed tokenId, uint256 price);
    event QueueLeft(uint8 indexed level, address indexed buyer, uint256 refund);
    /// @notice A queued buyer who meanwhile got a token of the level elsewhere is refunded and
    /// skipped, since the one-per-level rule would refuse the delivery.
    event QueueRefunded(uint8 indexed level, address indexed buyer, uint256 refund);
    event StockAdded(uint8 indexed level, uint256 indexed tokenId);
    event GeneratorsPaid(
        uint256 indexed tokenId,
        address indexed generatorA,
        address indexed generatorB,
        uint256 amountEach
    );
    event TreasuryChanged(address indexed previousTreasury, address indexed newTreasury);

    error InvalidLevel(uint8 level);
    error InvalidCount(uint256 count);
    error ZeroAddress();
    error AlreadyHoldsLevel(address holder, uint8 level);
    error AlreadyQueued(address buyer, uint8 level);
    error NotQueued(address buyer, uint8 level);
    error UnsupportedToken(address token);

    constructor(address admin, address minter, address treasury_, MeeetToken token_, IERC20 usdt_) {
        if (
            admin == address(0) ||
            treasury_ == address(0) ||
            address(token_) == address(0) ||
            address(usdt_) == address(0)
        ) revert ZeroAddress();
        _token = token_;
        _usdt = usdt_;
        _treasury = treasury_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(TREASURER_ROLE, admin);
        if (minter != address(0)) _grantRole(MINTER_ROLE, minter);
    }

    modifier validLevel(uint8 level) {
        if (level >= LEVEL_COUNT) revert InvalidLevel(level);
        _;
    }

    // ── Buying ────────────────────────────────────────────────────────────────────────────

    /// @notice Buys the oldest token in stock, or joins the queue with full prepayment when
    /// there is none. The caller must have approved the price to this contract.
    function buy(uint8 level) external nonReentrant whenNotPaused validLevel(level) {
        address buyer = _msgSender();
        if (_token.tokenOfLevel(buyer, level) != 0) revert AlreadyHoldsLevel(buyer, level);
        BuyerQueue storage queue = _queues[level];
        if (queue.prepaid[buyer] != 0) revert AlreadyQueued(buyer, level);
        uint256 price = priceOf(level);

        Fifo storage stock = _stock[level];
        if (stock.head == stock.tail) {
            _enqueue(queue, buyer, price);
            _usdt.safeTransferFrom(buyer, address(this), price);
            emit Queued(level, buyer, queue.length);
            return;
        }

        uint256 tokenId = stock.items[stock.head];
        delete stock.items[stock.head];
        ++stock.head;
        _paySale(buyer, tokenId, price);
        // Safe transfer last: a buyer contract that cannot hold the token fails its own purchase.
        _token.safeTransferFrom(address(this), buyer, tokenId);
        emit Purchased(level, buyer, tokenId, price);
    }

    /// @notice Leaves the queue of a level and refunds the prepayment in full. Allowed while
    /// paused, so buyers can always get their money back.
    function leaveQueue(uint8 level) external nonReentrant validLevel(level) {
        address buyer = _msgSender();
        BuyerQueue storage queue = _queues[level];
        uint256 refund = queue.prepaid[buyer];
        if (refund == 0) revert NotQueued(buyer, level);
        _unlink(queue, buyer);
        _usdt.safeTransfer(buyer, refund);
        emit QueueLeft(level, buyer, refund);
    }

    // ── Supply ────────────────────────────────────────────────────────────────────────────

    /// @notice Mints genesis tokens (no generators) into the market; each serves the queue
    /// head of its level or joins the stock.
    function mintStock(
        uint8 level,
        uint256 count
    ) external onlyRole(MINTER_ROLE) validLevel(level) returns (uint256[] memory tokenIds) {
        if (count == 0) revert InvalidCount(count);
        tokenIds = new uint256[](count);
        for (uint256 i = 0; i < count; ++i) {
            tokenIds[i] = _token.mint(address(this), level, address(0), address(0));
        }
    }

    /// @notice Mints the token earned by a meeting of two holders of `level`; they are paid
    /// their share when it sells.
    function mintGenerated(
        uint8 level,
        address generatorA,
        address generatorB
    ) external onlyRole(MINTER_ROLE) validLevel(level) returns (uint256) {
        if (generatorA == address(0) || generatorB == address(0)) revert ZeroAddress();
        return _token.mint(address(this), level, generatorA, generatorB);
    }

    /// @notice Every token reaching the market (minted into it or sent back) lands here. The
    /// guard is here rather than on the mint functions because the token calls back into this
    /// contract during minting.
    function onERC721Received(
        address,
        address,
        uint256 tokenId,
        bytes calldata
    ) external nonReentrant returns (bytes4) {
        if (_msgSender() != address(_token)) revert UnsupportedToken(_msgSender());
        uint8 level = _token.levelOf(tokenId);
        BuyerQueue storage queue = _queues[level];
        uint256 price = priceOf(level);
        while (queue.length != 0) {
            address buyer = queue.head;
            uint256 prepaid = queue.prepaid[buyer];
            _unlink(queue, buyer);
            if (_token.tokenOfLevel(buyer, level) != 0) {
                _usdt.safeTransfer(buyer, prepaid);
                emit QueueRefunded(level, buyer, prepaid);
                continue;
            }
            _paySale(address(this), tokenId, prepaid);
            // A plain transfer: a receiver contract must not be able to block the queue.
            _token.transferFrom(address(this), buyer, tokenId);
            emit QueueServed(level, buyer, tokenId, price);
            return IERC721Receiver.onERC721Received.selector;
        }
        Fifo storage stock = _stock[level];
        stock.items[stock.tail] = tokenId;
        ++stock.tail;
        emit StockAdded(level, tokenId);
        return IERC721Receiver.onERC721Received.selector;
    }

    // ── Administration ────────────────────────────────────────────────────────────────────

    function setTreasury(address newTreasury) external onlyRole(TREASURER_ROLE) {
        if (newTreasury == address(0)) revert ZeroAddress();
        address previous = _treasury;
        _treasury = newTreasury;
        emit TreasuryChanged(previous, newTreasury);
    }

    function pause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(DEFAULT_ADMIN_ROLE) {
        _unpause();
    }

    // ── Views ─────────────────────────────────────────────────────────────────────────────

    function priceOf(uint8 level) public pure validLevel(level) returns (uint256) {
        if (level == 0) return SILVER_PRICE;
        if (level == 1) return GOLD_PRICE;
        return PLATINUM_PRICE;
    }

    function stockOf(uint8 level) external view validLevel(level) returns (uint256) {
        Fifo storage stock = _stock[level];
        return stock.tail - stock.head;
    }

    /// @return tokenIds the stock of a level in the order it will be sold.
    function stockTokens(uint8 level) external view validLevel(level) returns (uint256[] memory tokenIds) {
        Fifo storage stock = _stock[level];
        tokenIds = new uint256[](stock.tail - stock.head);
        for (uint256 i = 0; i < tokenIds.length; ++i) tokenIds[i] = stock.items[stock.head + i];
    }

    function queueLength(uint8 level) external view validLevel(level) returns (uint256) {
        return _queues[level].length;
    }

    /// @return position 1 for the head of the queue, 0 when the buyer is not queued.
    function queuePositionOf(uint8 level, address buyer) external view validLevel(level) returns (uint256 position) {
        BuyerQueue storage queue = _queues[level];
        if (queue.prepaid[buyer] == 0) return 0;
        position = 1;
        for (address cursor = queue.head; cursor != buyer; cursor = queue.next[cursor]) ++position;
    }

    /// @return buyers the queue of a level, head first.
    function queuedBuyers(uint8 level) external view validLevel(level) returns (address[] memory buyers) {
        BuyerQueue storage queue = _queues[level];
        buyers = new address[](queue.length);
        address cursor = queue.head;
        for (uint256 i = 0; i < buyers.length; ++i) {
            buyers[i] = cursor;
            cursor = queue.next[cursor];
        }
    }

    function prepaidOf(uint8 level, address buyer) external view validLevel(level) returns (uint256) {
        return _queues[level].prepaid[buyer];
    }

    /// @return tokenIds the holder's token per level (index = level), 0 where none.
    function tokensOf(address holder) external view returns (uint256[3] memory) {
        return _token.tokensOf(holder);
    }

    function treasury() external view returns (address) {
        return _treasury;
    }

    function token() external view returns (address) {
        return address(_token);
    }

    function usdt() external view returns (address) {
        return address(_usdt);
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(IERC721Receiver).interfaceId || super.supportsInterface(interfaceId);
    }

    // ── Internals ─────────────────────────────────────────────────────────────────────────

    /// @dev Pays a sale of `tokenId` from `payer` (the buyer, or this contract for a prepaid
    /// queue entry) straight to the recipients, so no sale money lingers in the market.
    function _paySale(address payer, uint256 tokenId, uint256 price) private {
        (address generatorA, address generatorB) = _token.generatorsOf(tokenId);
        uint256 toTreasury = price;
        if (generatorA != address(0)) {
            uint256 each = (price * GENERATORS_PAYOUT_PERCENT) / 100 / 2;
            toTreasury -= 2 * each;
            _pay(payer, generatorA, each);
            _pay(payer, generatorB, each);
            emit GeneratorsPaid(tokenId, generatorA, generatorB, each);
        }
        _pay(payer, _treasury, toTreasury);
    }

    function _pay(address payer, address to, uint256 amount) private {
        if (payer == address(this)) _usdt.safeTransfer(to, amount);
        else _usdt.safeTransferFrom(payer, to, amount);
    }

    function _enqueue(BuyerQueue storage queue, address buyer, uint256 amount) private {
        address tail = queue.tail;
        if (tail == address(0)) queue.head = buyer;
        else {
            queue.next[tail] = buyer;
            queue.prev[buyer] = tail;
        }
        queue.tail = buyer;
        queue.prepaid[buyer] = amount;
        ++queue.length;
    }

    function _unlink(BuyerQueue storage queue, address buyer) private {
        address before = queue.prev[buyer];
        address after_ = queue.next[buyer];
        if (before == address(0)) queue.head = after_;
        else queue.next[before] = after_;
        if (after_ == address(0)) queue.tail = before;
        else queue.prev[after_] = before;
        delete queue.prev[buyer];
        delete queue.next[buyer];
        delete queue.prepaid[buyer];
        --queue.length;
    }
}
